/** A dealer sends the customer's signed paper application, once uploaded, to the lender (issue 22). */
import type { UserRow } from '../kernel/access';
import { saleOf } from '../modules/dealers/dealer-sales';
import { sendApplication, signedApplicationOf } from '../modules/dealers/signed-applications';
import type { CommandContext } from './context';

export async function sendSignedApplication(ctx: CommandContext, dealer: UserRow, saleId: string): Promise<void> {
  const sale = await saleOf(ctx.db, dealer.id, saleId);
  const document = await signedApplicationOf(ctx.db, sale);
  // Sent already: a second press changes nothing.
  if (sale.decision !== 'unsent') return;
  await ctx.run({ dealId: sale.dealId }, (uow) => sendApplication(uow, sale, document));
}
