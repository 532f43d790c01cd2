/** Insurance views: finding quotes, the quotes, no quotes, you're so close / resume, you're all set. */
import { useState } from 'react';
import { formatCents } from '../../../domain/pricing';
import { COVERAGE_LEVELS, type CoverageLevel } from '../../../domain/transaction-events';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { isPending, useTransactionContext } from '../transaction-context';
import { WaitingView } from '../waiting-view';
import { CarrierHandOff } from './carrier-hand-off';
import { QuoteForm } from './quote-form';

export function FindingQuotes() {
  return (
    <WaitingView
      title="Finding quotes…"
      waiting="Our carriers usually answer within a few seconds."
      queued="Your details are saved; quotes are requested as soon as you are back online."
    />
  );
}

export function QuotesList() {
  const { detail, pending, act } = useTransactionContext();
  const [requoting, setRequoting] = useState(false);
  if (requoting) return <QuoteForm onCancel={() => setRequoting(false)} />;
  const busy = isPending(pending, 'insurance coverage selected');
  return (
    <section aria-labelledby="quotes">
      <h1 id="quotes" className="title is-4">
        Select coverage
      </h1>
      <p className="mb-4">
        Monthly prices for {COVERAGE_LEVELS[(detail.data.insurance.request?.coverage ?? 'standard') as CoverageLevel].toLowerCase()}.
      </p>
      <ul>
        {detail.data.insurance.quotes.map((quote) => (
          <li key={quote.id} className="box">
            <h2 className="title is-5 mb-2">{quote.carrier}</h2>
            <p className="is-size-4 has-text-weight-semibold">{formatCents(quote.monthlyPremiumCents)}/month</p>
            <p className="mb-3">
              {quote.deductibleDollars ? `${formatCents(quote.deductibleDollars * 100)} deductible` : 'No deductible (liability only)'}
            </p>
            <Button
              onClick={() => void act('insurance coverage selected', { quoteId: quote.id })}
              disabled={busy}
              aria-label={`Select ${quote.carrier}`}
            >
              Select
            </Button>
          </li>
        ))}
      </ul>
      <div className="buttons mt-4">
        <Button variant="outlined" onClick={() => setRequoting(true)}>
          Change my details
        </Button>
        <Button variant="text" onClick={() => void act('insurance skipped')}>
          Skip insurance
        </Button>
      </div>
    </section>
  );
}

export function NoQuotes() {
  const { act } = useTransactionContext();
  const [requoting, setRequoting] = useState(false);
  if (requoting) return <QuoteForm />;
  return (
    <section aria-labelledby="no-quotes">
      <h1 id="no-quotes" className="title is-4">
        No carrier could quote this
      </h1>
      <p className="mb-4">
        Our partner carriers do not cover this driving history online. An independent agent can usually help; you need proof of insurance
        before you drive the car.
      </p>
      <div className="buttons">
        <Button onClick={() => setRequoting(true)}>Change my details</Button>
        <Button variant="outlined" onClick={() => void act('insurance skipped')}>
          I'll arrange insurance myself
        </Button>
      </div>
    </section>
  );
}

const handOffKey = (id: string) => `caramel.insuranceHandOff.${id}`;

export function PolicyConfirm() {
  const { detail, act } = useTransactionContext();
  const quote = detail.data.insurance.quotes.find((candidate) => candidate.id === detail.data.insurance.selectedQuoteId);
  // Framing the carrier's page is kept for this tab (sessionStorage): the screen drawn again under it (the server's answer,
  // a live notice) keeps the carrier's page where the buyer is confirming, rather than taking it away mid-click.
  const [framing, setFramingState] = useState(() => sessionStorage.getItem(handOffKey(detail.id)) === quote?.id && !!quote);
  const setFraming = (on: boolean) => {
    if (on && quote) sessionStorage.setItem(handOffKey(detail.id), quote.id);
    else sessionStorage.removeItem(handOffKey(detail.id));
    setFramingState(on);
  };
  const started = localStorage.getItem(handOffKey(detail.id)) === quote?.id;
  if (!quote || !detail.insuranceHandOffUrl)
    return <Alert kind="warning">The quote you selected is no longer available. Request new quotes.</Alert>;
  if (framing) {
    return (
      <CarrierHandOff
        url={detail.insuranceHandOffUrl}
        carrier={quote.carrier}
        onBound={(policyNumber) => {
          localStorage.removeItem(handOffKey(detail.id));
          sessionStorage.removeItem(handOffKey(detail.id));
          void act('insurance done', { policyNumber });
        }}
        onClose={() => setFraming(false)}
      />
    );
  }
  const open = () => {
    localStorage.setItem(handOffKey(detail.id), quote.id);
    setFraming(true);
  };
  return (
    <section aria-labelledby="so-close">
      <h1 id="so-close" className="title is-4">
        {started ? `Pick up where you left off with ${quote.carrier}` : "You're so close"}
      </h1>
      <p className="mb-4">
        {quote.carrier}, {formatCents(quote.monthlyPremiumCents)}/month.{' '}
        {started ? 'Your policy is not confirmed yet.' : 'Confirm the policy with the carrier; it starts the day you take the car.'}
      </p>
      <div className="buttons">
        <Button onClick={open}>{started ? 'Resume with the carrier' : `Continue with ${quote.carrier}`}</Button>
        <Button variant="text" onClick={() => void act('insurance skipped')}>
          Skip insurance
        </Button>
      </div>
    </section>
  );
}

export function InsuranceReadOnly() {
  const { detail } = useTransactionContext();
  const { insurance } = detail.data;
  const quote = insurance.quotes.find((candidate) => candidate.id === insurance.selectedQuoteId);
  return (
    <section aria-labelledby="all-set">
      <h1 id="all-set" className="title is-4">
        {insurance.policyNumber ? "You're all set" : 'Insurance'}
      </h1>
      {insurance.policyNumber && quote ? (
        <p>
          Policy {insurance.policyNumber} with {quote.carrier}, {formatCents(quote.monthlyPremiumCents)}/month, starts the day you take the
          car.
        </p>
      ) : (
        <p>{insurance.existingCarrier ? `You are insured with ${insurance.existingCarrier}.` : 'You are arranging insurance yourself.'}</p>
      )}
      <p className="help mt-2">This step is complete.</p>
    </section>
  );
}
