/**
 * A handover the parties arrange themselves (src/domain/transport.ts `handoverPlanSchema`), where
 * neither side's flow has a transport step: either party proposes who brings the car where and
 * when, the other agrees, and either may propose another until the car changes hands. The plan is
 * the deal's live shipment with no vendor (its appointment says who proposed it and when it was
 * agreed), so the handover, the clock and the cancellation terms read it as they read a pickup.
 */
import { eq } from 'drizzle-orm';
import type { Side } from '../../../src/domain/parties';
import { choosesTransport } from '../../../src/domain/transaction-transitions';
import { HANDOVER_NOTES } from '../../../src/domain/timeline-records';
import { handoverPlanWords, type Appointment, type ArrangedHandover, type HandoverPlan } from '../../../src/domain/transport';
import { shipments, shipmentUpdates } from '../../db/transport-tables';
import type { DealSides } from '../../kernel/deal-sides';
import type { TransactionRow } from '../../kernel/event-log';
import { Refusal } from '../../kernel/refusal';
import type { DealRow, UnitOfWork } from '../../kernel/unit-of-work';
import { liveShipment, type ShipmentRow } from './shipments';

/** Whether the parties arrange the handover themselves: neither flow books transport. */
export const partiesArrange = (sides: DealSides): boolean =>
  !!sides.buyer && !!sides.seller && !choosesTransport(sides.buyer.row.flow) && !choosesTransport(sides.seller.row.flow);

/** Why `side` cannot propose a handover now, or null when they can. */
export function cannotPropose(deal: DealRow, sides: DealSides, live: ShipmentRow | undefined): string | null {
  if (deal.cancelledAt) return 'This sale was cancelled.';
  if (!partiesArrange(sides)) return 'The car’s transport is booked in the sale’s transport step.';
  if (live?.handedOverAt) return 'The car has been handed over already.';
  return null;
}

/** Why `side` cannot agree to the proposed handover now, or null when they can. */
export function cannotAgree(deal: DealRow, live: ShipmentRow | undefined, side: Side): string | null {
  if (deal.cancelledAt) return 'This sale was cancelled.';
  const plan = live?.appointment as Appointment | null | undefined;
  if (!live || !plan?.proposedBy) return 'No handover has been proposed yet.';
  if (live.handedOverAt) return 'The car has been handed over already.';
  if (plan.agreedAt) return 'You both agreed to this handover already.';
  if (plan.proposedBy === side)
    return `You proposed this handover: the ${side === 'buyer' ? 'seller' : 'buyer'} agrees to it, or proposes another.`;
  return null;
}

/** `side` proposes the handover: it replaces the one before, agreed or not, and waits for the other party. */
export async function proposeHandover(uow: UnitOfWork, row: TransactionRow, plan: Omit<HandoverPlan, 'idempotencyKey'>): Promise<void> {
  const deal = await uow.lockDeal(row.dealId);
  const live = await liveShipment(uow.tx, row.dealId);
  const refusal = cannotPropose(deal, await uow.dealSides(row.dealId), live);
  if (refusal) throw new Refusal(409, refusal);
  const appointment: Appointment = { ...plan, proposedBy: row.side, proposedAt: new Date().toISOString(), agreedAt: null };
  const [shipment] = live
    ? await uow.tx.update(shipments).set({ appointment }).where(eq(shipments.id, live.id)).returning()
    : await uow.tx.insert(shipments).values({ dealId: row.dealId, kind: 'Pickup', appointment }).returning();
  await uow.tx.insert(shipmentUpdates).values({
    shipmentId: shipment!.id,
    status: 'booked',
    note: HANDOVER_NOTES.proposed(row.side, handoverPlanWords(appointment as ArrangedHandover)),
  });
  uow.touch(row.dealId, 'shipment updated');
  uow.emit('handover.proposed', { dealId: row.dealId, side: row.side });
}

/** `side` agrees to the handover the other party proposed. */
export async function agreeHandover(uow: UnitOfWork, row: TransactionRow): Promise<void> {
  const deal = await uow.lockDeal(row.dealId);
  const live = await liveShipment(uow.tx, row.dealId);
  const refusal = cannotAgree(deal, live, row.side);
  if (refusal) throw new Refusal(409, refusal);
  const appointment: Appointment = { ...(live!.appointment as Appointment), agreedAt: new Date().toISOString() };
  await uow.tx.update(shipments).set({ appointment }).where(eq(shipments.id, live!.id));
  await uow.tx.insert(shipmentUpdates).values({ shipmentId: live!.id, status: 'booked', note: HANDOVER_NOTES.agreed(row.side) });
  uow.touch(row.dealId, 'shipment updated');
  uow.emit('handover.agreed', { dealId: row.dealId, side: row.side });
}
