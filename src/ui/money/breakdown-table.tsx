import { formatCents } from '../../domain/pricing';
import type { TransactionDetail } from '../../domain/transaction-contract';

type Breakdown = NonNullable<TransactionDetail['priceBreakdown']>;

/**
 * The buyer's price breakdown: every line they pay, the total, the loan and what is due at signing.
 * `transportToChoose`: the reader's own transport step is still ahead (not so for a dealer's customer).
 */
export function BreakdownTable({ breakdown, transportToChoose = true }: { breakdown: Breakdown; transportToChoose?: boolean }) {
  return (
    <>
      <table className="table is-fullwidth price-breakdown">
        <caption className="visually-hidden">What you pay</caption>
        <tbody>
          {breakdown.lines.map((line) => (
            // A dealer's sale can carry two products, both protection lines.
            <tr key={`${line.id}:${line.label}`}>
              <th scope="row">
                {line.label}
                {line.note && <span className="help">{line.note}</span>}
              </th>
              <td className="has-text-right">{formatCents(line.cents)}</td>
            </tr>
          ))}
          {transportToChoose && !breakdown.lines.some((line) => line.id === 'transport') && (
            <tr>
              <th scope="row">
                Transport<span className="help">Chosen in the transport step</span>
              </th>
              <td className="has-text-right">—</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="has-text-right">{formatCents(breakdown.totalCents)}</td>
          </tr>
          {breakdown.financing && (
            <tr>
              <th scope="row">
                Financed by {breakdown.financing.lender}
                <span className="help">
                  {breakdown.financing.apr}% APR · {breakdown.financing.months} months ·{' '}
                  {formatCents(breakdown.financing.monthlyPaymentCents)}/month
                </span>
              </th>
              <td className="has-text-right">−{formatCents(breakdown.financing.amountFinancedCents)}</td>
            </tr>
          )}
          <tr>
            <th scope="row">Due at signing</th>
            <td className="has-text-right">{formatCents(breakdown.dueAtSigningCents)}</td>
          </tr>
        </tfoot>
      </table>
      {breakdown.lienPayoff && (
        <p className="help mb-3">
          Of what you pay, {formatCents(breakdown.lienPayoff.cents)} goes first to {breakdown.lienPayoff.lender} to pay off the seller's
          loan, so the title comes to you free of it. Your total does not change.
        </p>
      )}
    </>
  );
}
