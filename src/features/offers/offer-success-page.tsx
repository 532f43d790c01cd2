import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { orNotFound } from '../../data/api-client';
import { getDeal } from '../../data/offers';
import { transactionEntry } from '../../domain/step-progress';
import { buttonClass } from '../../ui/button';
import { formatDollars as dollars, vehicleName } from '../../domain/offer-format';

export async function loader({ request }: LoaderFunctionArgs) {
  const dealId = new URL(request.url).searchParams.get('deal');
  return dealId ? orNotFound(getDeal(dealId)) : null;
}

/** `/dashboard/caramel-offers/success`: offer congratulations — you made a deal. */
export function Component() {
  const deal = useLoaderData<typeof loader>();
  return (
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
        <p className="mb-4">Your deal is in your dashboard.</p>
      )}
      <div className="buttons">
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
  );
}
