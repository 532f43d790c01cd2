import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/connectivity';
import type { TransactionAction } from '../../data/outbox-rows';
import { Ago } from '../../ui/ago';

/** How fresh the saved transaction is, and what is still waiting to be sent. */
export function SavedStatus({ savedAt, pending }: { savedAt: number; pending: TransactionAction[] }) {
  const { online } = useSnapshot(connectivity);
  const waiting = pending.filter((row) => row.state === 'pending').length;
  return (
    <p className="transaction-saved help" role="status">
      {online ? 'Saved' : 'Offline · showing what was saved'} <Ago at={savedAt} />
      {waiting > 0 && (
        <span className="tag is-warning is-light ml-2">
          {waiting === 1 ? '1 action pending' : `${waiting} actions pending`}
          {online ? ' · sending…' : ' · sends when you are back online'}
        </span>
      )}
    </p>
  );
}

/** Shown above a step whose choice is still waiting in the outbox: the step shows it, the server has not confirmed it yet. */
export function PendingChoice() {
  const { online } = useSnapshot(connectivity);
  return (
    <p className="notification is-warning is-light py-2 px-3 pending-choice">
      <strong>Not confirmed yet.</strong> What you chose is saved on this device
      {online ? ' and is being sent.' : ' and is sent when you are back online.'}
    </p>
  );
}
