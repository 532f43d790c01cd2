/** A closed sale's insurance tab: the buyer's policy (or the insurer they kept); a seller had none to arrange. */
import { COVERAGE_LEVELS, type CoverageLevel } from '../../../domain/transaction-events';
import { formatCents } from '../../../domain/pricing';
import { useClosedTransaction } from './detail-layout';

export function Component() {
  const { side, data } = useClosedTransaction();
  const { insurance } = data;
  const quote = insurance.quotes.find((candidate) => candidate.id === insurance.selectedQuoteId);
  return (
    <>
      <title>Insurance · Previous transaction</title>
      <h2 className="title is-5">Insurance</h2>
      {side === 'seller' ? (
        <p>The buyer insured the car from the sale on; as the seller you had nothing to arrange.</p>
      ) : insurance.policyNumber ? (
        <dl className="ui-facts">
          <dt>Policy</dt>
          <dd>{insurance.policyNumber}</dd>
          {quote && (
            <>
              <dt>Carrier</dt>
              <dd>{quote.carrier}</dd>
              <dt>Coverage</dt>
              <dd>{COVERAGE_LEVELS[quote.coverage as CoverageLevel] ?? quote.coverage}</dd>
              <dt>Deductible</dt>
              <dd>{formatCents(quote.deductibleDollars * 100)}</dd>
              <dt>Monthly</dt>
              <dd>{formatCents(quote.monthlyPremiumCents)}</dd>
            </>
          )}
        </dl>
      ) : (
        <p>
          {insurance.existingCarrier ? `You kept your insurance with ${insurance.existingCarrier}.` : 'You arranged insurance yourself.'}
        </p>
      )}
    </>
  );
}
