import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { linkAccount } from '../../data/offers';
import { clearUngatedProcess } from '../../data/ungated-process';
import { buttonClass } from '../../ui/button';
import { PageMeta } from '../../ui/page-meta';

/** `/link-offer` (auth): what was made for the user's e-mail (a shared link answered, a dealer's or partner's sale) becomes theirs. */
export function Component() {
  const [result, setResult] = useState<{ negotiations: number; deals: number } | { failure: string } | null>(null);
  useEffect(() => {
    let current = true;
    linkAccount()
      .then((answer) => {
        clearUngatedProcess();
        if (current) setResult(answer);
      })
      .catch((error: unknown) => current && setResult({ failure: (error as Error).message }));
    return () => {
      current = false;
    };
  }, []);

  return (
    <section aria-labelledby="link-offer">
      <PageMeta title="Your offers" description="Offers you answered by e-mail, now in your account." />
      <h1 id="link-offer" className="title">
        Your offers
      </h1>
      {result === null ? (
        <p aria-busy="true">Adding what you did by e-mail to your account…</p>
      ) : 'failure' in result ? (
        <p role="alert">We could not add your offers just now: {result.failure} Reload the page to try again.</p>
      ) : (
        <p role="status" className="mb-4">
          {result.negotiations + result.deals === 0
            ? 'There was nothing to add: no offer was answered with this e-mail address.'
            : `We added ${result.negotiations} offer${result.negotiations === 1 ? '' : 's'} and ${result.deals} deal${result.deals === 1 ? '' : 's'} to your account.`}
        </p>
      )}
      <div className="buttons">
        {result && 'deals' in result && result.deals > 0 && (
          <Link to="/dashboard/active-transactions" className={buttonClass({})}>
            Go to your transactions
          </Link>
        )}
        <Link
          to="/dashboard/caramel-offers"
          className={buttonClass({ variant: result && 'deals' in result && result.deals > 0 ? 'secondary' : undefined })}
        >
          Go to your offers
        </Link>
      </div>
    </section>
  );
}
