/**
 * The copy of a transaction a user sees while their actions wait in the outbox: the server's
 * copy with each pending action folded in, in order, as the server will apply it — its step data
 * (what they chose) and the status the table moves to. The server's answer replaces it.
 */
import { destinationOf, stepStates } from '../../domain/step-progress';
import { withEvent } from '../../domain/step-data';
import { ownNextStep } from '../../domain/next-step';
import type { TransactionDetail } from '../../domain/transaction-contract';
import { nextStatus, partyEventsFrom } from '../../domain/transaction-transitions';
import type { TransactionAction } from './outbox-rows';

/** `detail` once `row` applies; a request whose answer only the provider knows (a quote) keeps the status. */
export function withAction(detail: TransactionDetail, row: Pick<TransactionAction, 'event' | 'payload'>): TransactionDetail {
  const status = nextStatus(detail.flow, detail.status, row.event) ?? detail.status;
  const data = withEvent(detail.data, row.event, row.payload);
  const moved = status !== detail.status;
  return {
    ...detail,
    status,
    destination: destinationOf(detail.flow, status, data) ?? null,
    steps: stepStates(detail.flow, status),
    allowedEvents: partyEventsFrom(detail.flow, status),
    data,
    // The server's "what next" is about the status before this action: every tab, and every list row, reads the
    // party's own current step instead (STEP_ACTIONS, into the transaction) until the server answers.
    ...(moved ? { next: ownNextStep(detail.id, detail.flow, status) } : {}),
  };
}

/** The server's `detail` with the user's pending actions on top. */
export function withPending(detail: TransactionDetail, rows: TransactionAction[]): TransactionDetail {
  return rows.filter((row) => row.state === 'pending').reduce(withAction, detail);
}
