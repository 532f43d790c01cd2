import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../data/api/api-client';
import { cancelSale } from '../../data/api/cancellation';
import { connectivity } from '../../data/device/connectivity';
import { vehicleName } from '../../domain/offer-format';
import { formatCents } from '../../domain/pricing';
import type { TransactionDetail } from '../../domain/transaction-contract';
import { Button } from '../../ui/button';
import { TextareaField } from '../../ui/form/textarea-field';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast-store';

/** What cancelling does, in this party's words, before they confirm. */
function consequences(detail: TransactionDetail): string[] {
  const paid = detail.money.totals.collected > 0 || detail.money.items.some((item) => item.state === 'pending');
  const other = detail.side === 'buyer' ? 'seller' : 'buyer';
  return [
    detail.side === 'buyer'
      ? paid
        ? 'What you paid comes back to the account it came from, usually within 3 business days.'
        : 'Nothing has been taken from your bank, so there is nothing to refund.'
      : 'Nothing is paid out to you for this sale; anything already paid out for you (a loan payoff, a payout) is taken back from your bank account.',
    ...(detail.canCancel.feeCents
      ? [`The buyer has already signed, so cancelling costs you ${formatCents(detail.canCancel.feeCents)}, taken from your bank account.`]
      : []),
    detail.shipment && detail.shipment.status !== 'cancelled' ? 'The transport booked for the car is called off.' : '',
    `Your ${other} is told at once, by e-mail. A cancelled sale cannot be restarted.`,
  ].filter(Boolean);
}

/** "Cancel this sale", until the car is handed over: the consequences and the fee, then a confirmation. */
export function CancelSale({ detail }: { detail: TransactionDetail }) {
  const [open, setOpen] = useState(false);
  // Made when the party opens the confirmation: a retry of the same confirmation is the same request.
  const [key, setKey] = useState('');
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const { online } = useSnapshot(connectivity);
  if (!detail.canCancel.allowed) return null;
  async function confirm() {
    setSending(true);
    setError(undefined);
    try {
      await cancelSale(detail.id, { idempotencyKey: key, reason: reason.trim() || undefined, expectedFeeCents: detail.canCancel.feeCents });
      setOpen(false);
      showToast('The sale was cancelled.', 'success');
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.reason : 'We could not cancel it just now. Try again when you are online.');
    } finally {
      setSending(false);
    }
  }
  return (
    <>
      <Button
        variant="text"
        size="small"
        className="is-wrapping"
        onClick={() => {
          setKey(crypto.randomUUID());
          setOpen(true);
        }}
      >
        Cancel this sale
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={`Cancel the sale of the ${vehicleName(detail.vehicle)}?`}
        actions={
          <>
            <Button variant="danger" onClick={() => void confirm()} loading={sending} disabled={!online}>
              {detail.canCancel.feeCents ? `Cancel and pay ${formatCents(detail.canCancel.feeCents)}` : 'Cancel the sale'}
            </Button>
            <Button variant="outlined" onClick={() => setOpen(false)}>
              Keep the sale
            </Button>
          </>
        }
      >
        <ul className="ui-checklist mb-4">
          {consequences(detail).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <TextareaField
          label={`Why are you cancelling? (optional, your ${detail.side === 'buyer' ? 'seller' : 'buyer'} sees it)`}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
        {!online && <p className="help">Cancelling needs a connection.</p>}
        {error && (
          <p className="help is-danger" role="alert">
            {error}
          </p>
        )}
      </Modal>
    </>
  );
}
