/**
 * The dealer-lender's decision on a sale's credit application, from its verified webhook: recorded
 * once, while the sale still waits for it; the dealer is told, with the way to their sale. A
 * declined application ends the deal (cancelled by the lender's answer, no money having moved).
 */
import { and, eq, sql } from 'drizzle-orm';
import { vehicleName } from '../../../src/domain/offer-format';
import type { WebhookResult } from '../../providers/async-providers';
import { dealerSales } from '../../db/dealer-tables';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { saleOfTransaction } from './dealer-sales';

export async function applyLenderDecision(uow: UnitOfWork, result: Extract<WebhookResult, { kind: 'lender decision' }>): Promise<boolean> {
  const found = await saleOfTransaction(uow.tx, result.transactionId);
  if (!found) return false;
  const [decided] = await uow.tx
    .update(dealerSales)
    .set({ decision: result.decision, terms: result.terms, decidedAt: sql`now()` })
    .where(and(eq(dealerSales.id, found.sale.id), eq(dealerSales.decision, 'pending')))
    .returning();
  if (!decided) return false;
  if (result.decision === 'declined')
    await uow.updateDeal(decided.dealId, {
      cancelledAt: new Date(),
      cancelledBy: 'seller',
      cancellationReason: 'The lender declined the credit application.',
    });
  uow.touch(decided.dealId, 'lender decided');
  uow.emit('lender.decided', {
    saleId: decided.id,
    dealerUserId: decided.dealerUserId,
    customerName: decided.customerName,
    car: vehicleName(found.vehicle),
    decision: result.decision,
    terms: result.terms,
  });
  return true;
}
