/**
 * Sends a queued step action with its idempotency key and the version it was based on, and saves
 * the transaction the server answers (with the actions still waiting on top of it).
 */
import { eventAnswerSchema } from '../../domain/transaction-contract';
import { apiRequest } from '../api/api-client';
import { db } from '../db';
import type { TransactionAction } from './outbox-rows';
import { deliver } from './outbox-delivery';
import { storeDetail } from '../records/transactions';

/** Sends `row` based on `expectedVersion`; answers the new version, 'offline', or the reason the server refused it. */
export async function sendTransactionAction(
  row: TransactionAction,
  expectedVersion: number,
): Promise<number | 'offline' | { refused: string }> {
  const delivery = await deliver(async () => {
    const answer = await apiRequest('POST', `transactions/${row.transactionId}/events`, eventAnswerSchema, {
      event: row.event,
      payload: row.payload,
      idempotencyKey: row.idempotencyKey,
      expectedVersion,
    });
    await db.transaction('rw', db.transactions, db.outbox, async () => {
      await db.outbox.delete(row.seq!);
      await storeDetail(answer.transaction);
    });
    return answer.transaction.version;
  });
  if (delivery.outcome === 'sent') return delivery.answer;
  return delivery.outcome === 'refused' ? { refused: delivery.reason } : 'offline';
}
