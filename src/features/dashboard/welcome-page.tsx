/**
 * `/dashboard`: for a new user (SPEC §3: all three totals are 0) a welcome with the two ways to
 * start; for everyone else, their overview. Counts follow live notices, so a new user's first
 * offer turns the welcome into the overview.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { db } from '../../data/db';
import { session } from '../../data/session/session-store';
import { Overview } from './overview';
import { StartChoices } from './start-choices';

export function Component() {
  const { user, dashboard } = useSnapshot(session);
  const profile = useLiveQuery(() => (user ? db.profiles.get(user.sub) : undefined), [user?.sub]);
  const name = profile?.firstName ?? '';
  if (!dashboard?.isNewUser) return <Overview heading={`Welcome back${name ? `, ${name}` : ''}`} />;
  return (
    <section aria-labelledby="welcome-heading">
      <title>Welcome</title>
      <h1 id="welcome-heading" className="title">
        Welcome{name ? `, ${name}` : ''}
      </h1>
      <p className="mb-5">
        You have no offers or transactions yet. Start one of two ways — everything after the price, from identity to signatures, is guided
        step by step.
      </p>
      <StartChoices />
      <p>
        Someone wants to deal with you? Give them <Link to="/dashboard/caramel-code">your Caramel code</Link>: they type it instead of your
        e-mail.
      </p>
    </section>
  );
}
