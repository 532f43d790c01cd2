/** The buyer's delivery confirmation still in the outbox for a transaction: waiting to be sent, or refused with why. */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';
import type { DeliveryAction } from './outbox-rows';

export function useDeliveryConfirmation(transactionId: string): DeliveryAction | undefined {
  return useLiveQuery(
    async () =>
      (await db.outbox.where('transactionId').equals(transactionId).toArray()).find(
        (row): row is DeliveryAction => row.kind === 'delivery',
      ),
    [transactionId],
  );
}
