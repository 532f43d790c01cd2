import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { accountCounts, linkAccount } from '../../data/api/offers';
import { clearUngatedProcess } from '../../data/device/ungated-process';
import type { DashboardCounts } from '../../domain/offer-contract';
import { holdings } from '../../domain/offer-format';
import { buttonClass } from '../../ui/button';
import { PageMeta } from '../../ui/page-meta';

/**
 * `/link-offer` (auth), where a visitor who answered a shared link lands after signing up or in.
 * What was made for a verified e-mail address is the account's from its first call (a shared
 * link answered, an offer, a dealer's or partner's sale); this page makes sure of it and says what
 * the account now holds, with the way to it.
 */
export function Component() {
  const [result, setResult] = useState<DashboardCounts | { failure: string } | null>(null);
  useEffect(() => {
    let current = true;
    linkAccount()
      .then(accountCounts)
      .then((counts) => {
        clearUngatedProcess();
        if (current) setResult(counts);
      })
      .catch((error: unknown) => current && setResult({ failure: (error as Error).message }));
    return () => {
      current = false;
    };
  }, []);
  const held = result && !('failure' in result) ? holdings(result) : null;
  const sales = result && !('failure' in result) && result.activeTransactions.total > 0;

  return (
    <section aria-labelledby="link-offer">
      <PageMeta title="Your offers" description="Offers and sales made for your e-mail address, in your account." />
      <h1 id="link-offer" className="title">
        Your offers
      </h1>
      {result === null ? (
        <p aria-busy="true">Finding what was made for your e-mail address…</p>
      ) : 'failure' in result ? (
        <p role="alert">We could not look up your offers just now: {result.failure} Reload the page to try again.</p>
      ) : (
        <p role="status" className="mb-4">
          {held
            ? `Everything made for your e-mail address is in your account: ${held}.`
            : 'Nothing was made for your e-mail address yet. An offer or a sale sent to it shows in your account the moment it is made.'}
        </p>
      )}
      <div className="buttons">
        {sales && (
          <Link to="/dashboard/active-transactions" className={buttonClass({})}>
            Go to your transactions
          </Link>
        )}
        <Link to="/dashboard/caramel-offers" className={buttonClass({ variant: sales ? 'secondary' : undefined })}>
          Go to your offers
        </Link>
      </div>
    </section>
  );
}
