/**
 * `/dashboard/caramel-code`: the user's Caramel code (src/domain/caramel-code.ts) — eight
 * characters a counterparty types instead of their e-mail to start a deal with them, which never
 * shows them the e-mail — and the offers and deals started through it. Read from IndexedDB.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { loadProfile } from '../../data/session/account';
import { db } from '../../data/db';
import { refreshOffers } from '../../data/records/offer-store';
import { useSavedOffers } from '../../data/records/use-offers';
import { session } from '../../data/session/session-store';
import { formatCaramelCode } from '../../domain/caramel-code';
import { formatDollars, vehicleName } from '../../domain/offer-format';
import { Button, buttonClass } from '../../ui/button';
import { showToast } from '../../ui/toast-store';

const STATUS: Record<string, string> = {
  open: 'Open',
  accepted: 'Deal made',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  closed: 'Closed',
};

export function Component() {
  const { user } = useSnapshot(session);
  const profile = useLiveQuery(() => (user ? db.profiles.get(user.sub) : undefined), [user?.sub]);
  const lists = useSavedOffers();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    // A profile saved before codes existed has none yet: the API makes it when asked.
    void loadProfile();
    refreshOffers().catch(() => setFailed(true));
  }, []);
  const code = profile?.caramelCode;
  const started =
    lists &&
    Object.values(lists)
      .flat()
      .filter((row) => row.viaMyCode);

  const copy = () =>
    navigator.clipboard.writeText(formatCaramelCode(code!)).then(
      () => showToast('Your Caramel code is copied.', 'success'),
      () => showToast('Copying is not allowed here; select the code and copy it.', 'warning'),
    );

  return (
    <section aria-labelledby="code-heading">
      <title>Your Caramel code</title>
      <h1 id="code-heading" className="title">
        Your Caramel code
      </h1>
      <p className="mb-4">
        Give this code to someone you want to buy from or sell to. They type it when they start a sale, instead of your e-mail: the offer
        comes straight to your account, and they never see your e-mail address.
      </p>
      <div className="box caramel-code-box">
        {code ? (
          <>
            <p className="caramel-code" aria-label={`Your code: ${[...code].join(' ')}`}>
              {formatCaramelCode(code)}
            </p>
            <Button variant="outlined" size="small" onClick={() => void copy()}>
              Copy code
            </Button>
          </>
        ) : profile === undefined ? (
          <p aria-busy="true">Loading your code…</p>
        ) : (
          <p>Your code is made the first time you are online here. Connect to the internet and open this page again.</p>
        )}
      </div>
      <p className="help mb-5">Capital letters or small, with or without the dash: it reads the same. It never contains I, L, O or U.</p>

      <h2 className="title is-5">Started with your code</h2>
      {started === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : started.length === 0 ? (
        <p>{failed ? 'Connect to the internet to see the offers made with your code.' : 'No one has used your code yet.'}</p>
      ) : (
        <ul className="overview-list">
          {started.map((row) => (
            <li key={row.id} className="box overview-item">
              <div>
                <p className="has-text-weight-semibold">{vehicleName(row.vehicle)}</p>
                <p className="help">
                  {formatDollars(row.latestOffer.amount)} · you are the {row.myRole} · {STATUS[row.status]}
                </p>
              </div>
              <Link
                className={buttonClass({ size: 'small', variant: 'outlined' })}
                to={row.dealId ? `/dashboard/caramel-offers/success?deal=${row.dealId}` : '/dashboard/caramel-offers'}
              >
                {row.dealId ? 'Go to the deal' : 'See the offer'}
                <span className="visually-hidden"> for the {vehicleName(row.vehicle)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
