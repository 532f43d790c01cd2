/**
 * The transaction records IndexedDB keeps: a list row with the detail once fetched (both as the
 * API answers them, src/domain/transaction-contract.ts).
 */
import type { TransactionDetail, TransactionSummary } from '../../domain/transaction-contract';

/** A row of the transactions table: the list fields, the detail once fetched, and when it was saved. */
export type CachedTransaction = TransactionSummary & {
  /** What screens show: the server's copy with the actions still waiting in the outbox on top. */
  detail?: TransactionDetail;
  /** The server's copy `detail` was made from (absent in rows saved before it was kept). */
  server?: TransactionDetail;
  savedAt: number;
};
