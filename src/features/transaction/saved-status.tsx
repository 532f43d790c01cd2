import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { connectivity } from '../../data/device/connectivity';
import { CONFIRMING_MS, unconfirmed, type TransactionAction } from '../../data/outbox/outbox-rows';
import { FRESHNESS_KEYS } from '../../data/records/freshness';
import { useFreshness } from '../../data/records/use-freshness';
import { FreshnessLine } from '../../ui/freshness-line';

/** `unconfirmed` kept current: looked at again when the oldest action has waited its moment. */
function useUnconfirmed(rows: TransactionAction[]): TransactionAction[] {
  const { online } = useSnapshot(connectivity);
  const waiting = rows.filter((row) => row.state === 'pending');
  const oldest = waiting.length ? Math.min(...waiting.map((row) => row.createdAt)) : null;
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (oldest === null || !online) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, oldest + CONFIRMING_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [oldest, online]);
  return unconfirmed(rows, online, now);
}

/** How fresh the saved transaction is (a fresh copy on its way or not), and what is still waiting to be sent. */
export function SavedStatus({ id, savedAt, pending }: { id: string; savedAt: number; pending: TransactionAction[] }) {
  const { online } = useSnapshot(connectivity);
  const waiting = useUnconfirmed(pending).length;
  const fresh = useFreshness(FRESHNESS_KEYS.transaction(id));
  return (
    <FreshnessLine savedAt={savedAt} {...fresh} className="transaction-saved">
      {waiting > 0 && (
        <span className="tag is-warning is-light ml-2">
          {waiting === 1 ? '1 action pending' : `${waiting} actions pending`}
          {online ? ' · sending…' : ' · sends when you are back online'}
        </span>
      )}
    </FreshnessLine>
  );
}

/** Shown above a step whose choice (`rows`, this step's actions) still waits in the outbox: the step shows it, the server has not confirmed it yet. */
export function PendingChoice({ rows }: { rows: TransactionAction[] }) {
  const { online } = useSnapshot(connectivity);
  if (useUnconfirmed(rows).length === 0) return null;
  return (
    <p className="notification is-warning is-light py-2 px-3 pending-choice">
      <strong>Not confirmed yet.</strong> What you chose is saved on this device
      {online ? ' and is being sent.' : ' and is sent when you are back online.'}
    </p>
  );
}
