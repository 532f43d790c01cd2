/**
 * A dealer submits a sale (issue 22): the deal is made with the dealer as seller and the customer
 * (by e-mail until they sign in) as buyer, and a typed credit application goes to the lender. The
 * idempotency key covers the request with the SSN reduced to its last four digits: a hash of the
 * rest of a known application would give the SSN away in a billion guesses.
 */
import { ssnLast4Of, type SaleSubmission } from '../../src/domain/dealer-contract';
import type { UserRow } from '../kernel/access';
import { recordSale } from '../modules/dealers/dealer-sales';
import { userKeys, type CommandContext } from './context';

export async function submitDealerSale(ctx: CommandContext, dealer: UserRow, sale: SaleSubmission): Promise<string> {
  const { idempotencyKey, ...asked } = sale;
  const request = asked.application ? { ...asked, application: { ...asked.application, ssn: ssnLast4Of(asked.application.ssn) } } : asked;
  const { result } = await ctx.run(
    { key: { owner: userKeys(dealer), key: idempotencyKey, command: 'submit dealer sale', request, label: 'Submitting a sale' } },
    async (uow) => ({ saleId: await recordSale(uow, dealer, sale) }),
  );
  return result.saleId;
}
