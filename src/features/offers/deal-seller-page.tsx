/**
 * `/deal/{dealId}/seller` (transaction layout; guards auth and deal): the seller's view of a deal —
 * what was agreed, what they are paid, their own steps, and where the buyer stands, in words and
 * steps. Read from IndexedDB, which live notices keep current, so the buyer's moves show here
 * without a reload (DESIGN.md §11); offline, the saved copy with its age.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useDeal } from '../../data/records/deals';
import { refreshTransaction } from '../../data/records/transactions';
import { useTransaction } from '../../data/records/use-transactions';
import { formatDollars as dollars, vehicleName } from '../../domain/offer-format';
import { transactionEntry } from '../../domain/transaction-steps';
import { STEP_LABELS } from '../../domain/transaction-steps';
import { buttonClass } from '../../ui/button';
import { TransactionFlowLayout } from '../../ui/layout/transaction-flow-layout';
import { PayoutTable } from '../../ui/money/payout-table';
import { PartnerLine } from '../../ui/partner-line';
import { StepProgress, type ProgressStep } from '../../ui/step-progress';
import { Ago } from '../../ui/ago';

// Before the seller's transaction is on this device: where a fresh deal stands.
const FRESH_DEAL: ProgressStep[] = [
  { id: 'offer', label: 'Offer accepted', state: 'done' },
  { id: 'connect', label: 'Get connected', state: 'current' },
  { id: 'closing', label: 'Closing steps', state: 'upcoming' },
];

const asProgress = (steps: { step: keyof typeof STEP_LABELS; state: ProgressStep['state'] }[]): ProgressStep[] =>
  steps.map(({ step, state }) => ({ id: step, label: STEP_LABELS[step], state }));

export function Component() {
  const { dealId } = useParams();
  const deal = useDeal(dealId);
  const ownId = deal?.transactionId ?? undefined;
  const own = useTransaction(ownId);
  useEffect(() => {
    if (ownId) refreshTransaction(ownId).catch(() => undefined); // offline: what was saved
  }, [ownId]);
  if (deal === undefined)
    return (
      <p className="section has-text-centered" aria-busy="true">
        Loading your deal…
      </p>
    );
  if (deal === null)
    return (
      <section className="section container is-max-desktop">
        <h1 className="title">This deal is not saved on this device</h1>
        <p className="mb-4">Connect to the internet and open it again; it will then be available offline too.</p>
        <Link to="/dashboard/caramel-offers">Your offers</Link>
      </section>
    );
  const buyer = deal.otherParty;
  return (
    <TransactionFlowLayout steps={own?.steps ? asProgress(own.steps) : FRESH_DEAL}>
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
          <PartnerLine partner={deal.partner} />
        </div>
        <section aria-labelledby="buyer-progress" className="mb-4">
          <h2 id="buyer-progress" className="title is-5">
            {buyer?.firstName ? `${buyer.firstName}, your buyer` : 'Your buyer'}
          </h2>
          {buyer ? (
            <>
              <p className="mb-3 other-party-progress" role="status" aria-live="polite">
                {buyer.progress}
              </p>
              <StepProgress steps={asProgress(buyer.steps)} label="Your buyer’s progress" />
              <p className="help">
                Updated <Ago at={Date.parse(buyer.updatedAt)} /> · this page follows as your buyer moves.
              </p>
            </>
          ) : (
            <p>Your buyer has been told. Their steps show here once they begin.</p>
          )}
        </section>
        {deal.payout && (
          <section aria-labelledby="payout" className="mb-4">
            <h2 id="payout" className="title is-5">
              You'll be paid
            </h2>
            <PayoutTable payout={deal.payout} />
          </section>
        )}
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
