/** Financing views besides the application and the read-only view: landing, pending, offers, no offers. */
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { isPending, useTransactionContext } from '../transaction-context';
import { WaitingView } from '../waiting-view';
import { ApplicationForm } from './application-form';
import { LoanEstimator, type Estimate } from './loan-estimator';
import { OfferList } from './offer-list';

export function PayCash({ label = 'I’ll pay cash', onChosen }: { label?: string; onChosen?: () => void }) {
  const { pending, act } = useTransactionContext();
  const choose = () => {
    void act('finance skipped');
    onChosen?.();
  };
  return (
    <Button variant="outlined" onClick={choose} loading={isPending(pending, 'finance skipped')}>
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

/** The application on its own, from the estimator's usual starting point (10 % down, 60 months). */
export function FinancingApplication() {
  const { detail } = useTransactionContext();
  return <ApplicationForm estimate={{ downPayment: String(Math.round(detail.price * 0.1)), months: '60', band: 'good' }} />;
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
  return (
    <section aria-labelledby="offers">
      <h1 id="offers" className="title is-4">
        You're approved: choose a loan
      </h1>
      <p className="mb-4">Offers are valid for 30 days. Choosing one locks its rate for this purchase.</p>
      <OfferList />
      <div className="buttons mt-4">
        <PayCash label="Pay cash instead" />
      </div>
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
