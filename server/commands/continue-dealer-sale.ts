/** A dealer whose sale the lender funded goes on to pickup or delivery ("verification done"). */
import type { UserRow } from '../kernel/access';
import { saleOf } from '../modules/dealers/dealer-sales';
import { moveSale } from '../modules/dealers/dealer-steps';
import { userKeys, type CommandContext } from './context';

export async function continueDealerSale(ctx: CommandContext, dealer: UserRow, saleId: string, idempotencyKey: string): Promise<void> {
  const sale = await saleOf(ctx.db, dealer.id, saleId);
  const key = {
    owner: userKeys(dealer),
    key: idempotencyKey,
    command: 'continue dealer sale',
    request: { saleId },
    label: 'Going on to transport',
  };
  await ctx.run({ dealId: sale.dealId, key }, (uow) =>
    moveSale(uow, dealer, sale, idempotencyKey, [{ event: 'verification done', payload: {} }]),
  );
}
