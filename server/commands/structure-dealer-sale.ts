/** A dealer structures an approved sale: the term, the down payment and the products (finance done, then protection). */
import type { StructureRequest } from '../../src/domain/dealer-contract';
import type { UserRow } from '../kernel/access';
import { saleOf } from '../modules/dealers/dealer-sales';
import { checkedStructure, moveSale, recordStructure } from '../modules/dealers/dealer-steps';
import { userKeys, type CommandContext } from './context';

export async function structureDealerSale(ctx: CommandContext, dealer: UserRow, saleId: string, request: StructureRequest): Promise<void> {
  const sale = await saleOf(ctx.db, dealer.id, saleId);
  const structure = checkedStructure(sale, request);
  const { idempotencyKey, ...asked } = request;
  const key = {
    owner: userKeys(dealer),
    key: idempotencyKey,
    command: 'structure dealer sale',
    request: { saleId, ...asked },
    label: 'Structuring the deal',
  };
  await ctx.run({ dealId: sale.dealId, key }, async (uow) => {
    await moveSale(uow, dealer, sale, idempotencyKey, [
      { event: 'finance done', payload: { structure } },
      structure.products.length
        ? { event: 'protection chosen', payload: { products: structure.products } }
        : { event: 'protection skipped', payload: {} },
    ]);
    await recordStructure(uow, sale, structure);
  });
}
