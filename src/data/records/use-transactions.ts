/**
 * What screens read of the saved transactions (DESIGN.md §4 read path), kept apart from transactions.ts: the service
 * worker sends the outbox with that module and must not carry React.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { transactionDetailSchema } from '../../domain/transaction-contract';
import { db } from '../db';
import { isTransactionAction, type TransactionAction } from '../outbox/outbox-rows';
import type { CachedTransaction } from './transaction-records';

export function useTransactionList(): CachedTransaction[] | undefined {
  return useLiveQuery(() => db.transactions.orderBy('updatedAt').reverse().toArray(), []);
}

/**
 * The saved transaction (null when none is saved under that id). A detail saved by an older app,
 * in a shape this one does not read, is left out until the next refresh replaces it.
 */
export function useTransaction(id: string | undefined): CachedTransaction | null | undefined {
  return useLiveQuery(async () => {
    const row = id ? await db.transactions.get(id) : undefined;
    if (!row) return null;
    return row.detail && !transactionDetailSchema.safeParse(row.detail).success ? { ...row, detail: undefined } : row;
  }, [id]);
}

/** The step actions of a transaction still waiting in the outbox, or refused and not yet read. */
export function useOutbox(transactionId: string | undefined): TransactionAction[] | undefined {
  return useLiveQuery(
    async () =>
      transactionId ? (await db.outbox.where('transactionId').equals(transactionId).sortBy('seq')).filter(isTransactionAction) : [],
    [transactionId],
  );
}
