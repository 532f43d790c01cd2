/** Sends a queued delivery confirmation with its key, then saves the transaction as the confirmation left it. */
import { deliverySchema } from '../../domain/delivery';
import { apiRequest } from '../api/api-client';
import { db } from '../db';
import { refreshTransaction } from '../records/transactions';
import { deliver } from './outbox-delivery';
import type { DeliveryAction } from './outbox-rows';

export async function sendDeliveryAction(row: DeliveryAction): Promise<'sent' | 'offline' | { refused: string }> {
  const delivery = await deliver(() =>
    apiRequest('POST', `transactions/${row.transactionId}/delivery/confirm`, deliverySchema, { idempotencyKey: row.idempotencyKey }),
  );
  if (delivery.outcome === 'offline') return 'offline';
  if (delivery.outcome === 'refused') return { refused: delivery.reason };
  // The sale moved on (money released, maybe closed): the fresh copy first, so the screen never offers the question again
  // in between; the row goes then (sent again after a failed refresh, the key answers as the first time).
  await refreshTransaction(row.transactionId).catch(() => undefined);
  await db.outbox.delete(row.seq!);
  return 'sent';
}
