/**
 * The transaction records IndexedDB keeps: a list row with the detail once fetched (both as the
 * API answers them, src/domain/transaction-contract.ts), and outbox rows.
 */
import type { TransactionDetail, TransactionSummary } from '../domain/transaction-contract';
import type { PartyEvent } from '../domain/transaction-transitions';

/** A row of the transactions table: the list fields, the detail once fetched, and when it was saved. */
export type CachedTransaction = TransactionSummary & { detail?: TransactionDetail; savedAt: number };

/**
 * An action the user took, kept until the server applied or refused it. `expectedVersion` is
 * null when it was queued behind another action of the same transaction: it is based on what
 * that one leads to, so it goes out with the version the server answered for it.
 */
export interface OutboxRow {
  seq?: number;
  transactionId: string;
  idempotencyKey: string;
  event: PartyEvent;
  payload: Record<string, unknown>;
  expectedVersion: number | null;
  createdAt: number;
  state: 'pending' | 'refused';
  error?: string;
}
