import { Link } from 'react-router-dom';
import { formatCents } from '../../domain/pricing';
import type { TransactionDetail } from '../../domain/transaction-contract';
import type { Step } from '../../domain/transaction-steps';
import { buttonClass } from '../../ui/button';
import { PayoutTable } from '../../ui/money/payout-table';
import { Modal } from '../../ui/modal';

/**
 * The price breakdown drawer. A buyer's: every line they pay, financing and what is due at
 * signing, with edit actions that jump to the step that sets each part. A seller's: what they are
 * paid, after the loan payoff and the fee.
 */
export function PriceBreakdownDrawer({ open, onClose, detail }: { open: boolean; onClose: () => void; detail: TransactionDetail }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={detail.payout ? 'Your payout' : 'Price breakdown'}
      actions={
        <button type="button" className={buttonClass({})} onClick={onClose}>
          Close
        </button>
      }
    >
      {detail.payout ? <PayoutTable payout={detail.payout} /> : <BuyerBreakdown detail={detail} onClose={onClose} />}
    </Modal>
  );
}

function BuyerBreakdown({ detail, onClose }: { detail: TransactionDetail; onClose: () => void }) {
  const breakdown = detail.priceBreakdown!;
  const reached = (step: Step) => detail.steps.some((candidate) => candidate.step === step && candidate.state !== 'upcoming');
  // An edit opens the step that sets the line: its change panel once the step is done, the step itself while current.
  const edits = [
    { step: 'financing', label: 'Edit financing', to: `/transaction/financing?change=1&transaction=${detail.id}` },
    { step: 'protection', label: 'Edit protection', to: `/transaction/protection?change=1&transaction=${detail.id}` },
    { step: 'transport', label: 'Edit transport pickup', to: `/transaction/transport?kind=Pickup&transaction=${detail.id}` },
    { step: 'transport', label: 'Edit transport delivery', to: `/transaction/transport?kind=Delivery&transaction=${detail.id}` },
  ] as const satisfies { step: Step; label: string; to: string }[];
  return (
    <>
      <table className="table is-fullwidth price-breakdown">
        <caption className="visually-hidden">What you pay</caption>
        <tbody>
          {breakdown.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">
                {line.label}
                {line.note && <span className="help">{line.note}</span>}
              </th>
              <td className="has-text-right">{formatCents(line.cents)}</td>
            </tr>
          ))}
          {!breakdown.lines.some((line) => line.id === 'transport') && (
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
      <ul className="price-breakdown-edits">
        {edits
          .filter((edit) => reached(edit.step))
          .map((edit) => (
            <li key={edit.label}>
              <Link to={edit.to} onClick={onClose}>
                {edit.label}
              </Link>
            </li>
          ))}
      </ul>
    </>
  );
}
