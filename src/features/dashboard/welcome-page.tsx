import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db } from '../../data/db';
import { session } from '../../data/session-store';

const COUNTS = [
  ['activeTransactions', 'Active transactions'],
  ['offers', 'Offers'],
  ['previousTransactions', 'Previous transactions'],
] as const;

/** `/dashboard`: a welcome for new users, the counts of what is going on for everyone else. */
export function Component() {
  const { user, dashboard } = useSnapshot(session);
  const profile = useLiveQuery(() => (user ? db.profiles.get(user.sub) : undefined), [user?.sub]);
  const name = profile?.firstName ?? user?.email ?? '';
  return (
    <>
      <title>Dashboard</title>
      <h1 className="title">Welcome{name ? `, ${name}` : ''}</h1>
      {dashboard === null ? (
        <p role="status">Your dashboard could not be loaded just now. It will refresh when the connection is back.</p>
      ) : dashboard.isNewUser ? (
        <p>You have no offers or transactions yet. When you make or receive an offer on a vehicle, it will appear here.</p>
      ) : (
        <div className="columns">
          {COUNTS.map(([key, label]) => (
            <div key={key} className="column">
              <div className="box has-text-centered">
                <p className="heading">{label}</p>
                <p className="title">{dashboard.count[key]}</p>
              </div>
            </div>
          ))}
        </div>
      )}
    </>
  );
}
