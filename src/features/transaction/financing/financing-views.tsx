/** Financing views besides the application: landing, pending, offers, no offers, read-only. */
import { useState } from 'react';
import { formatCents } from '../../../domain/pricing';
import { Button } from '../../../ui/button';
import { isPending, useTransactionContext } from '../transaction-context';
import { WaitingView } from '../waiting-view';
import { ApplicationForm } from './application-form';
import { LoanEstimator, type Estimate } from './loan-estimator';

function PayCash({ label = 'I’ll pay cash' }: { label?: string }) {
  const { pending, act } = useTransactionContext();
  return (
    <Button variant="outlined" onClick={() => void act('finance skipped')} loading={isPending(pending, 'finance skipped')}>
      {label}
    </Button>
  );
}

export function FinancingLanding() {
  const { detail } = useTransactionContext();
  const [estimate, setEstimate] = useState<Estimate>({ downPayment: String(Math.round(detail.price * 0.1)), months: '60', band: 'good' });
  const [applying, setApplying] = useState(false);
  if (applying) return <ApplicationForm estimate={estimate} onCancel={() => setApplying(false)} />;
  return (
    <section aria-labelledby="financing">
      <h1 id="financing" className="title is-4">
        How will you pay?
      </h1>
      <p className="mb-4">Finance through our partner lenders, or pay the full price at signing.</p>
      <LoanEstimator priceDollars={detail.price} onChange={setEstimate} />
      <div className="buttons">
        <Button onClick={() => setApplying(true)}>Apply for financing</Button>
        <PayCash />
      </div>
    </section>
  );
}

export function FinancingPending() {
  return (
    <WaitingView
      title="Waiting for loan offers"
      waiting="Your loan application is under review. Offers usually arrive within a minute; you can leave this page."
      queued="Your loan application is saved on this device and goes to the lenders as soon as you are back online."
    />
  );
}

export function LoanOffers() {
  const { detail, pending, act } = useTransactionContext();
  const choosing = isPending(pending, 'finance done');
  return (
    <section aria-labelledby="offers">
      <h1 id="offers" className="title is-4">
        You're approved: choose a loan
      </h1>
      <p className="mb-4">Offers are valid for 30 days. Choosing one locks its rate for this purchase.</p>
      <ul className="loan-offers">
        {detail.data.financing.offers.map((offer) => (
          <li key={offer.id} className="box">
            <h2 className="title is-5 mb-2">{offer.lender}</h2>
            <p className="is-size-4 has-text-weight-semibold">{formatCents(offer.monthlyPaymentCents)}/month</p>
            <p className="mb-3">
              {offer.apr}% APR · {offer.months} months · {formatCents(offer.amountFinancedCents)} financed ·{' '}
              {formatCents(offer.downPaymentDollars * 100)} down · total interest{' '}
              {formatCents(offer.monthlyPaymentCents * offer.months - offer.amountFinancedCents)}
            </p>
            <Button
              onClick={() => void act('finance done', { offerId: offer.id })}
              disabled={choosing}
              aria-label={`Choose ${offer.lender}`}
            >
              Choose this loan
            </Button>
          </li>
        ))}
      </ul>
      <PayCash label="Pay cash instead" />
    </section>
  );
}

export function NoOffers() {
  const { detail } = useTransactionContext();
  const [applying, setApplying] = useState(false);
  const application = detail.data.financing.application;
  if (applying) {
    const estimate: Estimate = {
      downPayment: String(application?.downPaymentDollars ?? 0),
      months: String(application?.months ?? 60),
      band: (application?.band ?? 'good') as Estimate['band'],
    };
    return <ApplicationForm estimate={estimate} onCancel={() => setApplying(false)} />;
  }
  return (
    <section aria-labelledby="no-offers">
      <h1 id="no-offers" className="title is-4">
        We hit a financing snag
      </h1>
      <p className="mb-4">
        None of our lenders could make an offer for this application. A larger down payment or a shorter loan often changes that, or you can
        pay cash and keep going.
      </p>
      <div className="buttons">
        <Button onClick={() => setApplying(true)}>Change and apply again</Button>
        <PayCash label="Pay cash instead" />
      </div>
    </section>
  );
}

export function FinancingReadOnly() {
  const { detail } = useTransactionContext();
  const { financing } = detail.data;
  const offer = financing.offers.find((candidate) => candidate.id === financing.chosenOfferId);
  return (
    <section aria-labelledby="financing-done">
      <h1 id="financing-done" className="title is-4">
        Financing
      </h1>
      {offer ? (
        <p>
          Financed by <strong>{offer.lender}</strong>: {formatCents(offer.monthlyPaymentCents)}/month for {offer.months} months at{' '}
          {offer.apr}% APR.
        </p>
      ) : (
        <p>You are paying cash: the full amount is due at signing.</p>
      )}
      <p className="help mt-2">This step is complete.</p>
    </section>
  );
}
