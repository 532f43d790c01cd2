import { useId, useState } from 'react';
import { CREDIT_BANDS, estimateLoan, formatCents, LOAN_TERMS, type CreditBand } from '../../../domain/pricing';
import { parseWholeNumber } from '../../../domain/offer-fields';
import { SelectField } from '../../../ui/form/select-field';
import { CurrencyField } from '../../../ui/form/text-field';

export interface Estimate {
  downPayment: string;
  months: string;
  band: CreditBand;
}

/** Price, down payment, term and credit range → the monthly payment, as the buyer types. */
export function LoanEstimator({ priceDollars, onChange }: { priceDollars: number; onChange: (estimate: Estimate) => void }) {
  const [estimate, setEstimate] = useState<Estimate>({ downPayment: String(Math.round(priceDollars * 0.1)), months: '60', band: 'good' });
  const resultId = useId();
  const update = (next: Partial<Estimate>) => {
    const merged = { ...estimate, ...next };
    setEstimate(merged);
    onChange(merged);
  };
  const down = /^\d[\d,]*$/.test(estimate.downPayment.trim()) ? parseWholeNumber(estimate.downPayment) : NaN;
  const result = Number.isNaN(down)
    ? null
    : estimateLoan({ priceDollars, downPaymentDollars: down, months: Number(estimate.months), band: estimate.band });
  return (
    <div className="box loan-estimator">
      <h2 className="title is-5">Loan estimator</h2>
      <div className="columns is-multiline">
        <div className="column is-half">
          <CurrencyField
            label="Down payment"
            value={estimate.downPayment}
            onChange={(event) => update({ downPayment: event.target.value })}
            error={result ? undefined : 'Enter the down payment in whole dollars, such as 2500'}
            aria-describedby={resultId}
          />
        </div>
        <div className="column is-half">
          <SelectField
            label="Loan term"
            value={estimate.months}
            onChange={(event) => update({ months: event.target.value })}
            options={LOAN_TERMS.map((term) => ({ value: String(term), label: `${term} months` }))}
          />
        </div>
        <div className="column is-full">
          <SelectField
            label="Your credit"
            value={estimate.band}
            onChange={(event) => update({ band: event.target.value as CreditBand })}
            options={Object.entries(CREDIT_BANDS).map(([value, band]) => ({ value, label: band.label }))}
          />
        </div>
      </div>
      <p id={resultId} className="loan-estimate" aria-live="polite">
        {result && result.amountFinancedCents > 0 ? (
          <>
            About <strong>{formatCents(result.monthlyPaymentCents)}/month</strong> for {result.months} months at {result.apr}% APR on{' '}
            {formatCents(result.amountFinancedCents)}.
          </>
        ) : result ? (
          'Your down payment covers the price: nothing to finance.'
        ) : (
          'Enter a down payment to see an estimate.'
        )}
      </p>
      <p className="help">An estimate, not an offer. Lenders set the rate after a credit check.</p>
    </div>
  );
}
