/**
 * Cancelling a sale: either side may, until the car is handed over. A seller who cancels after the
 * buyer has signed pays the seller cancellation fee. The cancellation is recorded on the deal and
 * in both transactions' timelines, the shipment is called off with its vendor, held money goes
 * back through the ledger (settle.ts), and the other side is told (mail and overview) — all in one database
 * transaction, with the deal locked. Asking again with the same key answers the same.
 */
import { and, eq } from 'drizzle-orm';
import type { Side } from '../../../src/domain/parties';
import type { TransactionStatus } from '../../../src/domain/transaction-flows';
import { formatCents } from '../../../src/domain/pricing';
import { SELLER_CANCELLATION_FEE_CENTS } from '../../../src/domain/settlement';
import type { Database } from '../../db/client';
import { deals, transactions } from '../../db/schema';
import { notifySide } from '../../kernel/notify';
import { shipments, shipmentUpdates } from '../../db/transport-tables';
import type { Providers } from '../../providers/providers';
import { TransactionRefusal, type TransactionRow } from '../../kernel/access';
import { followDeal } from '../../commands/follow-deal';
import { eventLog, lockTransaction, type Tx } from '../../kernel/event-log';
import { queueRequest } from '../../kernel/provider-requests';
import { hasSigned, lockDeal } from '../money/settle';
import { liveShipment } from '../transport/shipments';

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

const otherSide = (side: Side): Side => (side === 'buyer' ? 'seller' : 'buyer');

export async function cancelSale(
  db: Database,
  providers: Providers,
  row: TransactionRow,
  input: { reason?: string; expectedFeeCents: number },
): Promise<{ alreadyCancelled: boolean }> {
  return db.transaction(async (tx) => {
    const deal = await lockDeal(tx, row.dealId);
    if (deal.cancelledAt) return { alreadyCancelled: true };
    const terms = await cancellationTerms(tx, row);
    if (!terms.allowed) throw new TransactionRefusal(422, 'The car has been handed over, so this sale can no longer be cancelled.');
    // The fee is part of what the party agreed to when they confirmed; a fee they were not shown is not charged.
    if (terms.feeCents !== input.expectedFeeCents)
      throw new TransactionRefusal(409, `Cancelling now costs ${formatCents(terms.feeCents)}. Review it and confirm again.`);
    await tx
      .update(deals)
      .set({
        cancelledAt: new Date(),
        cancelledBy: row.side,
        cancellationReason: input.reason ?? null,
        cancellationFeeCents: terms.feeCents,
      })
      .where(eq(deals.id, row.dealId));
    const sides = await tx.select().from(transactions).where(eq(transactions.dealId, row.dealId));
    for (const side of sides) {
      const log = eventLog(tx, await lockTransaction(tx, side.id));
      await log.append({ kind: 'provider' }, 'sale cancelled', { by: row.side, reason: input.reason ?? null, feeCents: terms.feeCents });
      await log.save();
    }
    await callOffShipment(tx, row);
    await tellOtherSide(tx, row, sides, input.reason);
    await followDeal(tx, providers, row.dealId);
    return { alreadyCancelled: false };
  });
}

async function callOffShipment(tx: Tx, row: TransactionRow) {
  const shipment = await liveShipment(tx, row.dealId);
  if (!shipment) return;
  await tx.update(shipments).set({ status: 'cancelled' }).where(eq(shipments.id, shipment.id));
  await tx.insert(shipmentUpdates).values({ shipmentId: shipment.id, status: 'cancelled', note: 'The sale was cancelled' });
  const [buyer] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.dealId, row.dealId), eq(transactions.side, 'buyer')));
  if (shipment.vendor && buyer)
    await queueRequest(tx, {
      transactionId: buyer.id,
      provider: 'transport',
      kind: 'cancel',
      body: { vendor: shipment.vendor, reference: shipment.id },
    });
}

/** The other side is told once, by mail and in their overview, with the way to their cancelled sale. */
async function tellOtherSide(tx: Tx, row: TransactionRow, sides: TransactionRow[], reason: string | undefined) {
  const other = otherSide(row.side);
  const theirs = sides.find((side) => side.side === other);
  const money =
    other === 'buyer'
      ? 'Anything you paid is on its way back to your bank account; you can follow it in your dashboard.'
      : 'Nothing more is paid out for this sale; anything you were owed back is on its way to your bank account.';
  await notifySide(tx, row.dealId, other, {
    kind: 'cancellation',
    key: `cancelled:${row.dealId}`,
    subject: `Your ${row.side} cancelled the sale`,
    body: [`Your ${row.side} cancelled the sale${reason ? `, saying: “${reason}”` : ''}.`, money].join('\n'),
    ...(theirs ? { link: `/dashboard/previous-transactions/detail?transaction=${theirs.id}` } : {}),
  });
}
