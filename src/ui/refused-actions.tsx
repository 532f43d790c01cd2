import { ACTION_LABELS, asSentence } from '../domain/action-labels';
import { dismissRefusal } from '../data/outbox/outbox';
import type { TransactionAction } from '../data/outbox/outbox-rows';
import { Alert } from './alert';

/** Actions the server did not accept: what was tried, why, and a way to put the notice away. */
export function RefusedActions({ rows }: { rows: TransactionAction[] }) {
  const refused = rows.filter((row) => row.state === 'refused');
  if (!refused.length) return null;
  return (
    <div className="mb-4">
      {refused.map((row) => (
        <Alert
          key={row.seq}
          kind="danger"
          title={`${ACTION_LABELS[row.event]}: not applied`}
          dismissible
          onDismiss={() => void dismissRefusal(row.seq!)}
        >
          {asSentence(row.error ?? 'The server did not accept it')} The step below shows the transaction as it is now.
        </Alert>
      ))}
    </div>
  );
}
