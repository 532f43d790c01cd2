/**
 * Cancelling a sale: either side may, until the car is handed over. A seller who cancels after the
 * buyer has signed pays the seller cancellation fee. The cancellation is recorded on the deal and
 * in both transactions' timelines, the shipment is called off with its vendor, held money goes
 * back through the ledger (settle.ts), and the other side is told — all in one unit of work.
 */
import { and, eq } from 'drizzle-orm';
import type { Side } from '../../../src/domain/parties';
import type { TransactionStatus } from '../../../src/domain/transaction-flows';
import { formatCents } from '../../../src/domain/pricing';
import { SELLER_CANCELLATION_FEE_CENTS } from '../../../src/domain/settlement';
import { hasSigned } from '../../../src/domain/deal-facts';
import type { Database } from '../../db/client';
import { deals, transactions } from '../../db/schema';
import { TransactionRefusal } from '../../kernel/access';
import type { TransactionRow, Tx } from '../../kernel/event-log';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { cancelShipment, liveShipment } from '../transport/shipments';

export interface CancellationTerms {
  allowed: boolean;
  feeCents: number;
}

/** Whether the party on `side` may cancel, and what it would cost them, given the deal, its live shipment and the buyer's status. */
export function termsOf(
  side: Side,
  deal: { cancelledAt: Date | null } | undefined,
  shipment: { handedOverAt: Date | null } | undefined,
  buyerStatus: TransactionStatus | undefined,
): CancellationTerms {
  const allowed = !deal?.cancelledAt && !shipment?.handedOverAt;
  const feeCents = side === 'seller' && hasSigned(buyerStatus) ? SELLER_CANCELLATION_FEE_CENTS : 0;
  return { allowed, feeCents };
}

/** Whether `side` may cancel now, and what it would cost them. */
export async function cancellationTerms(db: Database | Tx, row: TransactionRow): Promise<CancellationTerms> {
  const [deal] = await db.select().from(deals).where(eq(deals.id, row.dealId));
  const shipment = await liveShipment(db, row.dealId);
  const [buyer] = await db
    .select({ status: transactions.status })
    .from(transactions)
    .where(and(eq(transactions.dealId, row.dealId), eq(transactions.side, 'buyer')));
  return termsOf(row.side, deal, shipment, buyer?.status);
}

/**
 * Cancels the sale for the party on `row`'s side, with the fee they were shown: recorded on the
 * deal and in both transactions' logs, the shipment called off with its vendor; the money held
 * goes back by the ledger's rules when the deal is followed, and the other side is told.
 */
export async function cancel(uow: UnitOfWork, row: TransactionRow, input: { reason?: string; expectedFeeCents: number }): Promise<void> {
  const terms = await cancellationTerms(uow.tx, row);
  if (!terms.allowed) throw new TransactionRefusal(422, 'The car has been handed over, so this sale can no longer be cancelled.');
  // The fee is part of what the party agreed to when they confirmed; a fee they were not shown is not charged.
  if (terms.feeCents !== input.expectedFeeCents)
    throw new TransactionRefusal(409, `Cancelling now costs ${formatCents(terms.feeCents)}. Review it and confirm again.`);
  await uow.updateDeal(row.dealId, {
    cancelledAt: new Date(),
    cancelledBy: row.side,
    cancellationReason: input.reason ?? null,
    cancellationFeeCents: terms.feeCents,
  });
  const sides = await uow.sides(row.dealId);
  for (const log of Object.values(sides))
    await log.append({ kind: 'provider' }, 'sale cancelled', { by: row.side, reason: input.reason ?? null, feeCents: terms.feeCents });
  const buyer = sides.buyer?.row.id ?? row.id;
  await cancelShipment(uow, row.dealId, buyer, 'The sale was cancelled');
  const other = sides[row.side === 'buyer' ? 'seller' : 'buyer'];
  uow.emit('sale.cancelled', { dealId: row.dealId, by: row.side, reason: input.reason ?? null, otherTransactionId: other?.row.id ?? null });
}
