import { Link } from 'react-router-dom';
import type { TransactionDetail } from '../../domain/transaction-contract';
import type { Step } from '../../domain/transaction-steps';
import { buttonClass } from '../../ui/button';
import { BreakdownTable } from '../../ui/money/breakdown-table';
import { PayoutTable } from '../../ui/money/payout-table';
import { Modal } from '../../ui/modal';
import { choosesTransport } from '../../domain/transaction-transitions';

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
      <BreakdownTable breakdown={breakdown} transportToChoose={choosesTransport(detail.flow)} />
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
