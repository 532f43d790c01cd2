/**
 * Delivery confirmation (src/domain/delivery.ts): the handover starts a clock on the deal's row
 * (`delivery_due_at`), and delivery counts as done once the buyer confirms it, the clock runs out
 * with no problem raised, or an admin decides a case. Everything here runs with the deal's row
 * locked, so a confirmation happens once however many processes and jobs reach it at the same time;
 * the money that waits on delivery then moves in the same unit of work (settle.ts).
 */
import { and, asc, eq, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { hasSigned } from '../../../src/domain/deal-facts';
import { DELIVERY_REMINDER_HOURS, type DeliveryConfirmer } from '../../../src/domain/delivery';
import type { Database } from '../../db/client';
import { disputes } from '../../db/dispute-tables';
import { rowsOf } from '../../db/rows';
import { deals } from '../../db/schema';
import type { Tx } from '../../kernel/event-log';
import { Refusal } from '../../kernel/refusal';
import type { DealRow, UnitOfWork } from '../../kernel/unit-of-work';
import { liveShipment } from '../transport/shipments';
import { disputeOfDeal, type DisputeRow } from './dispute-rows';

const HOUR_MS = 3_600_000;

/** Why the buyer cannot confirm delivery now, or null when they can. */
export function cannotConfirm(deal: DealRow, handedOverAt: Date | null | undefined, dispute: DisputeRow | undefined): string | null {
  if (deal.cancelledAt) return 'This sale was cancelled.';
  if (deal.deliveryConfirmedAt) return 'Delivery is confirmed already.';
  if (!handedOverAt) return 'Delivery is confirmed once the car has been handed over.';
  if (dispute) return 'You raised a problem: Caramel decides the case instead.';
  return null;
}

/** Why the buyer cannot raise a problem now, or null when they can (only while the clock runs). */
export function cannotRaise(deal: DealRow, handedOverAt: Date | null | undefined, dispute: DisputeRow | undefined): string | null {
  if (dispute) return 'A problem was raised for this sale already: add to its case instead.';
  if (deal.cancelledAt) return 'This sale was cancelled.';
  if (deal.deliveryConfirmedAt)
    return 'Delivery is confirmed, so the money has been released: write to the seller, or to us through the help pages.';
  if (!handedOverAt) return 'A problem with the car is raised once it has been handed over.';
  return null;
}

/**
 * The database transaction's own time (PostgreSQL's `now()`), which the ledger's journals written in
 * it carry too: in the timeline a confirmation or a decision comes before the money it moved.
 */
export async function transactionTime(tx: Tx): Promise<Date> {
  const [row] = rowsOf<{ now: Date | string }>(await tx.execute(sql`select now() as now`));
  return new Date(row!.now);
}

/** Delivery counts as done: recorded on the deal, both parties' views move, and both are told. */
export async function confirmDelivery(uow: UnitOfWork, dealId: string, by: DeliveryConfirmer): Promise<void> {
  await uow.updateDeal(dealId, { deliveryConfirmedAt: await transactionTime(uow.tx), deliveryConfirmedBy: by });
  uow.touch(dealId, 'delivery confirmed');
  uow.emit('delivery.confirmed', { dealId, by });
}

/** The buyer confirms the car is as described: the money waiting on delivery is released at once. */
export async function confirmByBuyer(uow: UnitOfWork, dealId: string): Promise<void> {
  const deal = await uow.lockDeal(dealId);
  const shipment = await liveShipment(uow.tx, dealId);
  const refusal = cannotConfirm(deal, shipment?.handedOverAt, await disputeOfDeal(uow.tx, dealId));
  if (refusal) throw new Refusal(409, refusal);
  await confirmDelivery(uow, dealId, 'buyer');
}

/**
 * Part of following a deal: starts the clock when the car has been handed over, reminds the buyer
 * once when `DELIVERY_REMINDER_HOURS` are left, and confirms delivery when the clock has run out
 * with no problem raised. With `hours` 0 delivery counts as done at the handover itself.
 */
export async function followDelivery(uow: UnitOfWork, dealId: string, hours: number, now = new Date()): Promise<void> {
  const deal = await uow.lockDeal(dealId);
  if (deal.cancelledAt || deal.deliveryConfirmedAt) return;
  let due = deal.deliveryDueAt;
  if (!due) {
    // The car is handed over only once both have signed (whyNoHandover): until then there is no handover to look for.
    const { buyer, seller } = await uow.dealSides(dealId);
    if (!hasSigned(buyer?.row.status) || !hasSigned(seller?.row.status)) return;
    const shipment = await liveShipment(uow.tx, dealId);
    if (!shipment?.handedOverAt) return;
    due = new Date(shipment.handedOverAt.getTime() + hours * HOUR_MS);
    const noReminder = hours <= DELIVERY_REMINDER_HOURS;
    await uow.updateDeal(dealId, { deliveryDueAt: due, ...(noReminder ? { deliveryRemindedAt: now } : {}) });
    if (due > now) uow.emit('delivery.started', { dealId, hours });
  }
  if (await disputeOfDeal(uow.tx, dealId)) return;
  if (due > now) {
    if (uow.deal(dealId).deliveryRemindedAt || due.getTime() - now.getTime() > DELIVERY_REMINDER_HOURS * HOUR_MS) return;
    await uow.updateDeal(dealId, { deliveryRemindedAt: now });
    uow.emit('delivery.reminder', { dealId, releasesAt: due.toISOString() });
    return;
  }
  await confirmDelivery(uow, dealId, 'clock');
}

/** Deals whose clock has run out, or whose buyer is due a reminder, not confirmed yet nor held by a case: what the release job follows. */
export async function dueDeliveries(db: Database | Tx, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      and(
        // Run out, or close enough to it that the buyer is still to be reminded.
        or(
          lte(deals.deliveryDueAt, now),
          and(isNull(deals.deliveryRemindedAt), lte(deals.deliveryDueAt, new Date(now.getTime() + DELIVERY_REMINDER_HOURS * HOUR_MS))),
        ),
        isNull(deals.deliveryConfirmedAt),
        isNull(deals.cancelledAt),
        notExists(db.select({ id: disputes.id }).from(disputes).where(eq(disputes.dealId, deals.id))),
      ),
    )
    .orderBy(asc(deals.deliveryDueAt))
    .limit(100);
  return rows.map((row) => row.id);
}
