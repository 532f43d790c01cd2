/** The seller's payout, line by line (seller-pricing.ts): sale price, loan payoff, fee, and what reaches their bank. */
import { formatCents } from '../../domain/pricing';
import type { TransactionDetail } from '../../domain/transaction-contract';

export function PayoutTable({ payout }: { payout: NonNullable<TransactionDetail['payout']> }) {
  return (
    <table className="table is-fullwidth price-breakdown">
      <caption className="visually-hidden">What you are paid</caption>
      <tbody>
        {payout.lines.map((line) => (
          <tr key={line.id}>
            <th scope="row">
              {line.label}
              {line.note && <span className="help">{line.note}</span>}
            </th>
            <td className="has-text-right">{line.cents < 0 ? `−${formatCents(-line.cents)}` : formatCents(line.cents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">You'll be paid</th>
          <td className="has-text-right">{formatCents(payout.payoutCents)}</td>
        </tr>
        {payout.bringCents > 0 && (
          <tr>
            <th scope="row">
              You bring to close<span className="help">The loan and fee are more than the price</span>
            </th>
            <td className="has-text-right">{formatCents(payout.bringCents)}</td>
          </tr>
        )}
      </tfoot>
    </table>
  );
}
