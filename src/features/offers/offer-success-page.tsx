/**
 * `/dashboard/caramel-offers/success` and `/transaction/offer/success` (notification-flow layout;
 * guards auth and offer): offer congratulations — you made a deal — and the way into the party's
 * own transaction. The deal is read from IndexedDB (the guard saved it), so it shows offline too.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { useDeal } from '../../data/records/deals';
import { formatDollars as dollars, vehicleName } from '../../domain/offer-format';
import { transactionEntry } from '../../domain/transaction-steps';
import { buttonClass } from '../../ui/button';
import { NotificationFlowLayout } from '../../ui/layout/notification-flow-layout';

export function Component() {
  const [search] = useSearchParams();
  const deal = useDeal(search.get('deal') ?? undefined);
  return (
    <NotificationFlowLayout>
      <section aria-labelledby="deal-made">
        <title>You made a deal</title>
        <h1 id="deal-made" className="title">
          You made a deal
        </h1>
        {deal?.myRole === 'buyer' && <h2 className="title is-5">Get connected with the seller</h2>}
        {deal ? (
          <p className="mb-4">
            The {vehicleName(deal.vehicle)} for {dollars(deal.price)}. Next, you and the {deal.myRole === 'seller' ? 'buyer' : 'seller'} go
            through the steps to close: identity, payment, title and signatures. We will guide you through each one.
          </p>
        ) : (
          <p className="mb-4" aria-busy={deal === undefined}>
            {deal === undefined ? 'Loading your deal…' : 'Your deal is in your dashboard.'}
          </p>
        )}
        <div className="buttons is-centered">
          {deal?.transactionId && (
            <Link to={transactionEntry(deal.transactionId)} className={buttonClass({})}>
              Continue to your transaction
            </Link>
          )}
          {deal?.myRole === 'seller' && (
            <Link to={`/deal/${deal.id}/seller`} className={buttonClass({ variant: 'outlined' })}>
              Get connected with the buyer
            </Link>
          )}
          <Link to="/dashboard/caramel-offers" className={buttonClass({ variant: deal?.transactionId ? 'text' : 'primary' })}>
            Back to your offers
          </Link>
        </div>
      </section>
    </NotificationFlowLayout>
  );
}
