/**
 * A delivery dispute's case (src/domain/delivery.ts): the buyer raises a problem while the clock
 * runs, which holds the money still held; both parties add evidence while the case is open; an
 * admin decides it once. Each change locks the deal first, so a decision and a late piece of
 * evidence, or the clock running out and a problem raised, never cross.
 */
import { eq } from 'drizzle-orm';
import { formatCents } from '../../../src/domain/pricing';
import { nextDisputeStatus, type DisputeDecision, type ProblemReason } from '../../../src/domain/delivery';
import { disputeEvidence, disputes } from '../../db/dispute-tables';
import type { UserRow } from '../../kernel/access';
import type { TransactionRow } from '../../kernel/event-log';
import { Refusal } from '../../kernel/refusal';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { liveShipment } from '../transport/shipments';
import { cannotRaise, confirmDelivery, transactionTime } from './delivery';
import { disputeOfDeal, type DisputeRow, type EvidenceRow } from './dispute-rows';

type Photos = EvidenceRow['photos'];

/** The buyer raises a problem: the case opens with their description and photos as its first evidence. */
export async function raiseProblem(
  uow: UnitOfWork,
  row: TransactionRow,
  user: UserRow,
  input: { reason: ProblemReason; description: string; photos: Photos },
): Promise<DisputeRow> {
  if (row.side !== 'buyer') throw new Refusal(403, 'Only the buyer raises a problem with the car.');
  const deal = await uow.lockDeal(row.dealId);
  const shipment = await liveShipment(uow.tx, row.dealId);
  const refusal = cannotRaise(deal, shipment?.handedOverAt, await disputeOfDeal(uow.tx, row.dealId));
  if (refusal) throw new Refusal(409, refusal);
  const [dispute] = await uow.tx
    .insert(disputes)
    .values({ dealId: row.dealId, raisedByUserId: user.id, reason: input.reason, description: input.description })
    .returning();
  await uow.tx
    .insert(disputeEvidence)
    .values({ disputeId: dispute!.id, side: 'buyer', userId: user.id, note: input.description, photos: input.photos });
  uow.touch(row.dealId, 'problem raised');
  uow.emit('dispute.opened', { dealId: row.dealId, disputeId: dispute!.id, reason: input.reason });
  return dispute!;
}

/** A party adds to the open case of their deal. */
export async function addEvidence(uow: UnitOfWork, row: TransactionRow, user: UserRow, input: { note: string; photos: Photos }) {
  await uow.lockDeal(row.dealId);
  const dispute = await disputeOfDeal(uow.tx, row.dealId);
  if (!dispute) throw new Refusal(404, 'No problem was raised for this sale.');
  if (dispute.status !== 'open') throw new Refusal(409, 'This case is decided, so nothing more can be added to it.');
  const [evidence] = await uow.tx
    .insert(disputeEvidence)
    .values({ disputeId: dispute.id, side: row.side, userId: user.id, note: input.note, photos: input.photos })
    .returning();
  uow.touch(row.dealId, 'dispute evidence added');
  uow.emit('dispute.evidence', { dealId: row.dealId, disputeId: dispute.id, side: row.side });
  return evidence!;
}

/**
 * An admin decides an open case, once. Releasing or a partial refund counts delivery as done (the
 * money held moves by the ledger's rules, the refund out of the seller's second payout); a full
 * refund, once the car is back with the seller, unwinds the sale's money as a cancellation does.
 */
export async function decideDispute(
  uow: UnitOfWork,
  disputeId: string,
  admin: UserRow,
  input: { decision: DisputeDecision; refundCents: number; reason: string; heldForSellerCents: (dealId: string) => Promise<number> },
): Promise<DisputeRow> {
  const [found] = await uow.tx.select({ dealId: disputes.dealId }).from(disputes).where(eq(disputes.id, disputeId));
  if (!found) throw new Refusal(404, 'Case not found.');
  await uow.lockDeal(found.dealId);
  const dispute = (await disputeOfDeal(uow.tx, found.dealId))!;
  const status = nextDisputeStatus(dispute.status, input.decision);
  if (!status) throw new Refusal(409, 'This case is decided already.');
  if (input.decision === 'partial refund') {
    const held = await input.heldForSellerCents(found.dealId);
    if (input.refundCents >= held)
      throw new Refusal(422, `A partial refund must be less than the seller's payout still held, ${formatCents(held)}.`);
  }
  const [decided] = await uow.tx
    .update(disputes)
    .set({
      status,
      decision: input.decision,
      refundCents: input.decision === 'partial refund' ? input.refundCents : 0,
      decisionReason: input.reason,
      decidedByUserId: admin.id,
      decidedAt: await transactionTime(uow.tx),
    })
    .where(eq(disputes.id, dispute.id))
    .returning();
  if (input.decision !== 'full refund') await confirmDelivery(uow, found.dealId, 'admin');
  uow.touch(found.dealId, 'dispute decided');
  uow.emit('dispute.decided', { dealId: found.dealId, disputeId: dispute.id, decision: input.decision, refundCents: decided!.refundCents });
  return decided!;
}
