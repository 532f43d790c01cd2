/** A dealer sends a structured sale's documents to the lender for its funding review (answered by webhook). */
import type { UserRow } from '../kernel/access';
import { saleOf } from '../modules/dealers/dealer-sales';
import { documentsForReview, sendForReview } from '../modules/dealers/dealer-steps';
import type { CommandContext } from './context';

export async function sendDealerSaleForReview(ctx: CommandContext, dealer: UserRow, saleId: string): Promise<void> {
  const sale = await saleOf(ctx.db, dealer.id, saleId);
  const documents = await documentsForReview(ctx.db, sale);
  await ctx.run({ dealId: sale.dealId }, (uow) => sendForReview(uow, sale, documents));
}
