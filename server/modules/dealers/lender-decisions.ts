/**
 * The dealer-lender's decision on a sale's credit application, from its verified webhook: recorded
 * once, while the sale still waits for it, and mailed to the dealer with the way to their sale. A
 * declined application ends the deal (cancelled by the lender's answer, no money having moved).
 */
import { and, eq, sql } from 'drizzle-orm';
import { vehicleName } from '../../../src/domain/offer-format';
import type { WebhookResult } from '../../providers/async-providers';
import { dealerSales } from '../../db/dealer-tables';
import { deals, users } from '../../db/schema';
import { notify } from '../../kernel/notify';
import { announceDeals } from '../../kernel/announce';
import type { Tx } from '../../kernel/event-log';
import { saleOfTransaction } from './dealer-sales';

const SUBJECT = {
  approved: 'approved',
  conditional: 'approved with stipulations',
  declined: 'declined',
} as const;

export async function applyLenderDecision(tx: Tx, result: Extract<WebhookResult, { kind: 'lender decision' }>): Promise<boolean> {
  const found = await saleOfTransaction(tx, result.transactionId);
  if (!found) return false;
  const [decided] = await tx
    .update(dealerSales)
    .set({ decision: result.decision, terms: result.terms, decidedAt: sql`now()` })
    .where(and(eq(dealerSales.id, found.sale.id), eq(dealerSales.decision, 'pending')))
    .returning();
  if (!decided) return false;
  if (result.decision === 'declined')
    await tx
      .update(deals)
      .set({ cancelledAt: sql`now()`, cancelledBy: 'seller', cancellationReason: 'The lender declined the credit application.' })
      .where(eq(deals.id, decided.dealId));
  await announceDeals(tx, [decided.dealId]);
  const [dealer] = await tx.select().from(users).where(eq(users.id, decided.dealerUserId));
  const car = vehicleName(found.vehicle);
  await notify(
    tx,
    { userId: dealer!.id, email: dealer!.email },
    {
      kind: 'lender decision',
      key: `lender-decision:${decided.id}`,
      subject: `${decided.customerName}'s application for the ${car}: ${SUBJECT[result.decision]}`,
      body: [
        `The lender has ${SUBJECT[result.decision]} ${decided.customerName}'s credit application for the ${car}.`,
        result.terms
          ? `APR ${(result.terms.aprBasisPoints / 100).toFixed(2)} % for up to ${result.terms.maxTermMonths} months.` +
            (result.terms.stipulations.length ? ` The lender asks for: ${result.terms.stipulations.join(', ')}.` : '')
          : 'The sale has been closed; nothing was charged.',
        result.decision === 'declined' ? '' : 'Structure the deal (term, down payment, warranty and GAP) to go on.',
      ]
        .filter(Boolean)
        .join('\n\n'),
      link: `/finance/status?sale=${decided.id}`,
    },
  );
  return true;
}
