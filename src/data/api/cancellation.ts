/** Cancelling a sale (online only: the refund and the other party's mail start at once). */
import * as z from 'zod/mini';
import type { CancelRequest } from '../../domain/cancellation';
import { transactionDetailSchema } from '../../domain/transaction-contract';
import { apiRequest } from './api-client';
import { refreshTransactions, storeDetail } from '../records/transactions';

export async function cancelSale(transactionId: string, request: CancelRequest): Promise<void> {
  const { transaction } = await apiRequest(
    'POST',
    `transactions/${transactionId}/cancel`,
    z.object({ transaction: transactionDetailSchema }),
    request,
  );
  await storeDetail(transaction);
  await refreshTransactions().catch(() => undefined);
}
