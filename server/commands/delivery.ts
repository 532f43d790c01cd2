/**
 * Delivery confirmation and disputes (src/domain/delivery.ts), each one unit of work with the
 * deal locked first: the buyer confirms delivery or raises a problem; either party adds evidence;
 * an admin decides. Photos' SHA-256 are read from storage before the unit of work opens (a large
 * file must not hold the deal's lock). The release job follows every deal whose clock has run
 * out; following a deal re-reads it under the lock, so with several API processes, or after a
 * restart at the moment it is due, delivery is confirmed — and its money moves — exactly once.
 */
import type { AddEvidence, DecideDispute, RaiseProblem } from '../../src/domain/delivery';
import type { UserRow } from '../kernel/access';
import type { TransactionRow } from '../kernel/event-log';
import { Refusal } from '../kernel/refusal';
import { confirmByBuyer, dueDeliveries } from '../modules/delivery/delivery';
import { addEvidence as add, decideDispute as decide, raiseProblem as raise } from '../modules/delivery/disputes';
import { heldForSeller } from '../modules/money/held';
import type { StorageDeps } from '../modules/uploads/multipart';
import { storedHashes } from '../modules/uploads/stored-hashes';
import { userKeys, type CommandContext } from './context';

const keyOf = (user: UserRow, key: string, command: string, request: Record<string, unknown>, label: string) => ({
  owner: userKeys(user),
  key,
  command,
  request,
  label,
});

/** Files as the case keeps them: without their upload slot, with their SHA-256. */
async function hashed(storage: StorageDeps, row: TransactionRow, user: UserRow, photos: RaiseProblem['photos']) {
  const stored = await storedHashes(storage, row, user, photos);
  return stored.map(({ fileName, documentKey, sha256 }) => ({ fileName, documentKey, sha256 }));
}

export async function confirmDelivery(ctx: CommandContext, user: UserRow, row: TransactionRow, idempotencyKey: string) {
  if (row.side !== 'buyer') throw new Refusal(403, 'Only the buyer confirms delivery.');
  const key = keyOf(user, idempotencyKey, 'confirm delivery', { transactionId: row.id }, 'Confirming delivery');
  return ctx.run({ dealId: row.dealId, key }, async (uow) => {
    await confirmByBuyer(uow, row.dealId);
    return { confirmed: true };
  });
}

export async function raiseProblem(ctx: CommandContext, storage: StorageDeps, user: UserRow, row: TransactionRow, input: RaiseProblem) {
  if (row.side !== 'buyer') throw new Refusal(403, 'Only the buyer raises a problem with the car.');
  const { idempotencyKey, ...asked } = input;
  const key = keyOf(user, idempotencyKey, 'raise problem', { transactionId: row.id, ...asked }, 'Raising a problem');
  const photos = await hashed(storage, row, user, input.photos);
  return ctx.run({ dealId: row.dealId, key }, async (uow) => {
    const dispute = await raise(uow, row, user, { ...asked, photos });
    return { disputeId: dispute.id };
  });
}

export async function addEvidence(ctx: CommandContext, storage: StorageDeps, user: UserRow, row: TransactionRow, input: AddEvidence) {
  const { idempotencyKey, ...asked } = input;
  const key = keyOf(user, idempotencyKey, 'add evidence', { transactionId: row.id, ...asked }, 'Adding to the case');
  const photos = await hashed(storage, row, user, input.photos);
  return ctx.run({ dealId: row.dealId, key }, async (uow) => {
    const evidence = await add(uow, row, user, { note: asked.note, photos });
    return { evidenceId: evidence.id };
  });
}

export async function decideDispute(ctx: CommandContext, admin: UserRow, disputeId: string, input: DecideDispute) {
  const { idempotencyKey, ...asked } = input;
  const key = keyOf(admin, idempotencyKey, 'decide dispute', { disputeId, ...asked }, 'Deciding the case');
  return ctx.run({ key }, async (uow) => {
    const decided = await decide(uow, disputeId, admin, {
      decision: asked.decision,
      refundCents: asked.refundCents ?? 0,
      reason: asked.reason,
      heldForSellerCents: (dealId) => heldForSeller(uow.tx, ctx.providers, dealId),
    });
    return { status: decided.status };
  });
}

/** The release job: follows each deal whose clock has run out (follow-deal.ts confirms it under the deal's lock); how many it followed. */
export async function releaseDueDeliveries(ctx: CommandContext): Promise<number> {
  const due = await dueDeliveries(ctx.db);
  for (const dealId of due) await ctx.run({ dealId }, async (uow) => uow.touch(dealId));
  return due.length;
}

/**
 * Local stack only (the dev route): moves a deal's delivery clock on by `hours`, as if that time
 * had passed, and follows the deal at once — so a test sees the release without waiting 48 hours.
 */
export async function advanceDeliveryClock(ctx: CommandContext, row: TransactionRow, hours: number) {
  return ctx.run({ dealId: row.dealId }, async (uow) => {
    const deal = uow.deal(row.dealId);
    if (!deal.deliveryDueAt) throw new Refusal(409, 'The delivery clock starts when the car is handed over.');
    const due = await uow.updateDeal(row.dealId, { deliveryDueAt: new Date(deal.deliveryDueAt.getTime() - hours * 3_600_000) });
    return { releasesAt: due.deliveryDueAt!.toISOString() };
  });
}
