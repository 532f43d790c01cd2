/**
 * A party cancels their sale (SPEC §2.3): either side may, until the car is handed over, paying
 * the fee they were shown. Asking again once it is cancelled answers that it is; with the same
 * idempotency key, the same as the first time.
 */
import type { CancelRequest } from '../../src/domain/cancellation';
import type { UserRow } from '../kernel/access';
import type { TransactionRow } from '../kernel/event-log';
import { cancel } from '../modules/deals/cancellation';
import { userKeys, type CommandContext } from './context';

export async function cancelSale(
  ctx: CommandContext,
  user: UserRow,
  row: TransactionRow,
  input: CancelRequest,
): Promise<{ alreadyCancelled: boolean }> {
  const { idempotencyKey, ...asked } = input;
  const key = idempotencyKey
    ? {
        owner: userKeys(user),
        key: idempotencyKey,
        command: 'cancel sale',
        request: { transactionId: row.id, ...asked },
        label: 'Cancelling the sale',
      }
    : undefined;
  const { result } = await ctx.run({ dealId: row.dealId, key }, async (uow) => {
    if (uow.deal(row.dealId).cancelledAt) return { alreadyCancelled: true };
    await cancel(uow, row, asked);
    return { alreadyCancelled: false };
  });
  return result;
}
