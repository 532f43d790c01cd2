import { Link } from 'react-router-dom';
import { formatCents } from '../../domain/pricing';
import type { TransactionDetail } from '../../data/transaction-records';
import { buttonClass } from '../../ui/button';
import { Modal } from '../../ui/modal';

type Breakdown = NonNullable<TransactionDetail['priceBreakdown']>;

/**
 * The price breakdown drawer: every line the buyer pays, financing and what is due at signing,
 * with edit actions that jump to the step that sets each part.
 */
export function PriceBreakdownDrawer({
  open,
  onClose,
  breakdown,
  transactionId,
}: {
  open: boolean;
  onClose: () => void;
  breakdown: Breakdown;
  transactionId: string;
}) {
  const to = (path: string) => `${path}${path.includes('?') ? '&' : '?'}transaction=${transactionId}`;
  const edits = [
    { label: 'Edit financing', to: to('/transaction/financing') },
    { label: 'Edit protection', to: to('/transaction/protection') },
    { label: 'Edit transport pickup', to: to('/transaction/transport?kind=Pickup') },
    { label: 'Edit transport delivery', to: to('/transaction/transport?kind=Delivery') },
  ];
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Price breakdown"
      actions={
        <button type="button" className={buttonClass({})} onClick={onClose}>
          Close
        </button>
      }
    >
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
      <ul className="price-breakdown-edits">
        {edits.map((edit) => (
          <li key={edit.label}>
            <Link to={edit.to} onClick={onClose}>
              {edit.label}
            </Link>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
