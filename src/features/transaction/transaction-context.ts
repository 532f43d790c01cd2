/** What the transaction shell hands every step screen: the saved transaction and its unsent actions. */
import { useOutletContext } from 'react-router-dom';
import type { PartyEvent } from '../../domain/transaction-transitions';
import type { OutboxRow, TransactionDetail } from '../../data/transaction-records';

export interface TransactionContext {
  detail: TransactionDetail;
  savedAt: number;
  /** Actions taken but not yet applied by the server (offline, or on their way). */
  pending: OutboxRow[];
  act: (event: PartyEvent, payload?: Record<string, unknown>) => Promise<void>;
}

export const useTransactionContext = () => useOutletContext<TransactionContext>();

/** Whether an action of this kind is still waiting to be applied. */
export const isPending = (pending: OutboxRow[], event: PartyEvent) => pending.some((row) => row.state === 'pending' && row.event === event);

/** The view a step screen shows: read-only once done, otherwise the one the status maps to. */
export function stepView(detail: TransactionDetail, step: string, fallback = 'landing'): string {
  const state = detail.steps.find((candidate) => candidate.step === step)?.state;
  if (state === 'done') return 'read only';
  return detail.destination?.view ?? fallback;
}
