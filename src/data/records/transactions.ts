/**
 * Transactions from the API into IndexedDB (DESIGN.md §4 read path): screens read the Dexie
 * rows with useLiveQuery and never keep their own copy. A refresh that cannot reach the API
 * leaves what is saved; the screens say how old it is.
 */
import { apiRequest } from '../api/api-client';
import { db } from '../db';
import {
  transactionDetailSchema,
  transactionListSchema,
  type TransactionDetail,
  type TransactionSummary,
} from '../../domain/transaction-contract';
import { withPending } from '../outbox/optimistic';
import { isTransactionAction } from '../outbox/outbox-rows';
import type { CachedTransaction } from './transaction-records';

/**
 * The rows a fresh list leaves saved. A detail already fetched stays, also when the list says the sale
 * has moved past it: a screen may be showing it, and taking it away drew "not saved on this device"
 * in place of the step — the form on it lost — until the detail came again. The row's own version
 * (the list's) then says the detail is behind, and it is fetched again (catchUpAll, the guard).
 * Actions still waiting, or a list asked for before the saved copy's move, keep the saved row whole.
 */
export function rowsWithList(
  known: ReadonlyMap<string, CachedTransaction>,
  waiting: ReadonlySet<string>,
  summaries: TransactionSummary[],
  savedAt: number,
): CachedTransaction[] {
  return summaries.map((summary) => {
    const saved = known.get(summary.id);
    if (!saved?.detail) return { ...summary, savedAt };
    if (waiting.has(summary.id) || saved.detail.version > summary.version) return { ...saved, savedAt };
    return { ...summary, detail: saved.detail, server: saved.server, savedAt };
  });
}

/** Whether a row's detail is older than what the list last said of it (fetch it again). */
export const detailBehind = (row: CachedTransaction) => row.detail !== undefined && row.detail.version < row.version;

/** Replaces the saved list with the API's, keeping the details already fetched. */
export async function refreshTransactions(): Promise<void> {
  const { active, previous } = await apiRequest('GET', 'transactions', transactionListSchema);
  const savedAt = Date.now();
  await db.transaction('rw', db.transactions, db.outbox, async () => {
    const known = new Map((await db.transactions.toArray()).map((row) => [row.id, row]));
    const waiting = new Set(
      (await db.outbox.toArray()).filter(isTransactionAction).flatMap((row) => (row.state === 'pending' ? [row.transactionId] : [])),
    );
    await db.transactions.clear();
    await db.transactions.bulkPut(rowsWithList(known, waiting, [...active, ...previous], savedAt));
  });
}

/**
 * Saves the server's copy, with the user's actions still waiting in the outbox on top of it. Answers
 * can cross: an action's answer may arrive after a refresh that already fetched a later move (the
 * provider's webhook, the other party), so an older copy never replaces a newer one — the live
 * notice for the newer one was already used, and nothing else would bring it back.
 */
export async function storeDetail(detail: TransactionDetail): Promise<void> {
  await db.transaction('rw', db.transactions, db.outbox, async () => {
    const saved = await db.transactions.get(detail.id);
    const newest = saved?.server ?? saved?.detail;
    const server = newest && newest.version > detail.version ? newest : detail;
    const queued = (await db.outbox.where('transactionId').equals(detail.id).sortBy('seq')).filter(isTransactionAction);
    // An action the server's copy already holds (its answer was lost, or a live notice brought the copy first) is done:
    // it leaves the outbox rather than showing as pending beside its own result (DESIGN.md §11).
    // A copy no newer than the version an action was based on cannot hold it, whatever keys it lists.
    const applied = new Set(server.appliedKeys);
    const done = queued.filter(
      (row) =>
        row.state === 'pending' &&
        applied.has(row.idempotencyKey) &&
        (row.expectedVersion === null || server.version > row.expectedVersion),
    );
    await db.outbox.bulkDelete(done.map((row) => row.seq!));
    const shown = withPending(
      server,
      queued.filter((row) => !done.includes(row)),
    );
    await db.transactions.put({ ...shown, detail: shown, server, savedAt: Date.now() });
  });
}

export async function refreshTransaction(id: string): Promise<TransactionDetail> {
  const detail = await apiRequest('GET', `transactions/${id}`, transactionDetailSchema);
  await storeDetail(detail);
  return detail;
}
