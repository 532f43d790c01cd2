import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { orNotFound } from '../../data/api-client';
import { getDeal } from '../../data/offers';
import { transactionEntry } from '../../domain/step-progress';
import { buttonClass } from '../../ui/button';
import { TransactionFlowLayout } from '../../ui/layout/transaction-flow-layout';
import { PayoutTable } from '../../ui/money/payout-table';
import type { ProgressStep } from '../../ui/step-progress';
import { formatDollars as dollars, vehicleName } from '../../domain/offer-format';

export const loader = ({ params }: LoaderFunctionArgs) => orNotFound(getDeal(params.dealId!));

// Where a fresh deal stands, before the transactions start; the live-progress work shows each side's steps here.
const STEPS: ProgressStep[] = [
  { id: 'offer', label: 'Offer accepted', state: 'done' },
  { id: 'connect', label: 'Get connected', state: 'current' },
  { id: 'closing', label: 'Closing steps', state: 'upcoming' },
];

/** `/deal/{dealId}/seller` (transaction layout): the seller's view of a deal — what was agreed and what comes next. */
export function Component() {
  const deal = useLoaderData<typeof loader>();
  return (
    <TransactionFlowLayout steps={STEPS}>
      <section aria-labelledby="deal-seller">
        <title>Your deal</title>
        <h1 id="deal-seller" className="title">
          Get connected with your buyer
        </h1>
        <div className="box">
          <p className="title is-4 mb-2">{dollars(deal.price)}</p>
          <p>
            {vehicleName(deal.vehicle)} · {deal.vehicle.mileage.toLocaleString('en-US')} miles · VIN {deal.vehicle.vin}
          </p>
          <p className="help">
            Agreed {new Date(deal.createdAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}.
          </p>
        </div>
        {deal.payout && (
          <section aria-labelledby="payout" className="mb-4">
            <h2 id="payout" className="title is-5">
              You'll be paid
            </h2>
            <PayoutTable payout={deal.payout} />
          </section>
        )}
        <p className="mb-4">
          Your buyer has been told. The closing steps — identity, title and payment — open in your dashboard as the transaction starts; you
          will get an e-mail when there is something to do.
        </p>
        <div className="buttons">
          {deal.transactionId && (
            <Link to={transactionEntry(deal.transactionId)} className={buttonClass({})}>
              Continue to your transaction
            </Link>
          )}
          <Link to="/dashboard/caramel-offers" className={buttonClass({ variant: 'outlined' })}>
            Back to your offers
          </Link>
        </div>
      </section>
    </TransactionFlowLayout>
  );
}
