/**
 * Negotiations and offers in the database, along the lifecycle table of
 * src/domain/offer-lifecycle.ts: start one, answer one, find what ran out. Every change runs in
 * the caller's unit of work with the negotiation row locked, writes an event row, and says what
 * happened (the other side is told by the effects that hear it).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { OfferActionInput, StartOffer } from '../../../src/domain/offer-fields';
import { offerTransition, otherSide, type NegotiationStatus } from '../../../src/domain/offer-lifecycle';
import { vehicleName } from '../../../src/domain/offer-format';
import type { Database } from '../../db/client';
import { deals, negotiationEvents, negotiations, offerLinks, offers, vehicles } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import type { UserRow } from '../../kernel/access';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { BadRequest } from '../../kernel/validation';
import { userByCaramelCode } from '../users/caramel-codes';
import { createDeal } from './deals';
import { NOT_CONFIRMED, offeredVehicleRow, vehicleConfirmed } from './offer-vehicles';
import {
  type Acting,
  actorColumns,
  expiry,
  latestOffer,
  lockNegotiation,
  type NegotiationRow,
  newLinkToken,
  NOT_FOUND,
  OfferRefusal,
  setStatus,
  shareUrl,
  sideOf,
} from './negotiation-records';

/** Who the offer goes to when it is an account: found by the Caramel code the sender typed, or by an e-mail that account verified. */
export type Counterparty = { account: UserRow; viaCode: boolean };

/**
 * SPEC §2.1 start a sale (or an offer to buy): the vehicle, the first offer, and a link to share.
 * The other side is an account (by their Caramel code, or the e-mail they verified), or an e-mail
 * address that becomes an account's when it is verified.
 */
export async function recordNegotiation(
  uow: UnitOfWork,
  user: UserRow,
  input: StartOffer,
  counterparty: Counterparty | undefined,
  appUrl: string,
): Promise<{ negotiationId: string; shareUrl: string }> {
  const codeOwner = counterparty?.viaCode ? counterparty.account : undefined;
  const tx = uow.tx;
  const vehicle = offeredVehicleRow(input.vehicle, input.role);
  const { token, hash } = newLinkToken();
  const [saved] = await tx.insert(vehicles).values(vehicle).returning();
  const other = otherSide(input.role);
  const [negotiation] = await tx
    .insert(negotiations)
    .values({
      vehicleId: saved!.id,
      status: 'open',
      [input.role === 'seller' ? 'sellerUserId' : 'buyerUserId']: user.id,
      ...(counterparty
        ? { [other === 'seller' ? 'sellerUserId' : 'buyerUserId']: counterparty.account.id, codeOwnerUserId: codeOwner?.id ?? null }
        : { [other === 'seller' ? 'sellerEmail' : 'buyerEmail']: input.counterpartyEmail?.toLowerCase() ?? null }),
      partnerUid: input.partner?.uid ?? null,
      partnerSource: input.partner?.source ?? 'caramel',
    })
    .returning();
  await tx
    .insert(offers)
    .values({ negotiationId: negotiation!.id, fromRole: input.role, amountDollars: input.amount, expiresAt: expiry() });
  await tx.insert(offerLinks).values({ tokenHash: hash, negotiationId: negotiation!.id, createdBy: user.id });
  await tx.insert(negotiationEvents).values({
    negotiationId: negotiation!.id,
    actorUserId: user.id,
    event: 'offer-made',
    payload: { role: input.role, amount: input.amount, ...(codeOwner ? { viaCode: true } : {}) },
  });
  const link = shareUrl(appUrl, token);
  uow.emit('offer.made', {
    negotiationId: negotiation!.id,
    role: input.role,
    byName: user.firstName,
    amount: input.amount,
    vehicle: vehicleName(saved!),
    toConfirm: !saved!.confirmedAt,
    // Someone with an account is led into the app instead of a link anyone could open.
    shareUrl: counterparty ? null : link,
  });
  uow.emit('negotiation.changed', { negotiationId: negotiation!.id });
  return { negotiationId: negotiation!.id, shareUrl: link };
}

/** The user a typed Caramel code belongs to; a 400 naming the field when there is none, or it is the caller's own. */
export async function codeOwnerFor(db: Database, typed: string, user: UserRow): Promise<UserRow> {
  const owner = await userByCaramelCode(db, typed);
  if (!owner)
    throw new BadRequest(
      'counterpartyCode: No one has this Caramel code. Check it with the person who gave it to you.',
      'counterpartyCode',
    );
  if (owner.id === user.id)
    throw new BadRequest('counterpartyCode: This is your own Caramel code. Enter the other person’s.', 'counterpartyCode');
  return owner;
}

/**
 * The open negotiations whose latest offer ran out (SPEC leaves expiry to us: 7 days): every one,
 * or only the ones a reader is about to see (`scope`), so a read costs what it shows, not a pass
 * over every open negotiation in the marketplace. Locking one expires it (lockNegotiation).
 */
export async function dueNegotiations(db: Database, scope?: { userId: string } | { negotiationId: string }): Promise<string[]> {
  const only = !scope
    ? sql``
    : 'userId' in scope
      ? sql`and (n.seller_user_id = ${scope.userId} or n.buyer_user_id = ${scope.userId})`
      : sql`and n.id = ${scope.negotiationId}`;
  const due = await db.execute(sql`
    select n.id from negotiations n
    where n.status = 'open' ${only}
      and (select o.expires_at from offers o where o.negotiation_id = n.id order by o.created_at desc, o.id desc limit 1) <= now()`);
  return rowsOf<{ id: string }>(due).map((row) => row.id);
}

export type ActionOutcome = { negotiationId: string; status: NegotiationStatus; dealId: string | null };

/**
 * Applies counter, accept, decline or withdraw for `acting` on their side of the negotiation.
 * `latestOfferId` is the offer the person answered; a newer one means they answered a stale
 * offer (409). A repeated accept by the side that accepted answers the same deal.
 */
export async function applyOfferAction(
  uow: UnitOfWork,
  negotiationId: string,
  acting: Acting,
  input: OfferActionInput,
): Promise<ActionOutcome> {
  const tx = uow.tx;
  const row = await lockNegotiation(uow, negotiationId);
  const side = acting.kind === 'user' ? sideOf(row, acting.user) : acting.role;
  if (!side) throw new OfferRefusal(404, NOT_FOUND);
  const latest = await latestOffer(tx, row.id);
  if (input.action === 'accept' && row.status === 'accepted' && latest.id === input.latestOfferId && latest.fromRole !== side) {
    const [deal] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.negotiationId, row.id));
    return { negotiationId: row.id, status: row.status, dealId: deal?.id ?? null };
  }
  // A stale view first: the person answered an offer that has since been answered.
  if (latest.id !== input.latestOfferId)
    throw new OfferRefusal(409, 'The offer changed while you were looking at it. Here is the latest one.');
  const transition = offerTransition(row.status, input.action, side, latest.fromRole);
  if (!transition.ok) throw new OfferRefusal(row.status === 'open' ? 403 : 409, transition.message);

  if (input.action === 'accept' && !(await vehicleConfirmed(tx, row.vehicleId))) throw new OfferRefusal(409, NOT_CONFIRMED);

  await setStatus(uow, row.id, transition.to);
  const actor = actorColumns(acting);
  let dealId: string | null = null;
  if (input.action === 'counter') {
    const [offer] = await tx
      .insert(offers)
      .values({ negotiationId: row.id, fromRole: side, amountDollars: input.amount, expiresAt: expiry() })
      .returning({ id: offers.id });
    await tx
      .insert(negotiationEvents)
      .values({ negotiationId: row.id, ...actor, event: 'countered', payload: { role: side, amount: input.amount } });
    uow.emit('offer.countered', { negotiationId: row.id, offerId: offer!.id, side, amount: input.amount });
  } else if (input.action === 'accept') {
    dealId = (await createDeal(uow, row, latest, acting)).dealId;
    await tx
      .insert(negotiationEvents)
      .values({ negotiationId: row.id, ...actor, event: 'accepted', payload: { amount: latest.amountDollars, dealId } });
    uow.emit('offer.accepted', { negotiationId: row.id, side, amount: latest.amountDollars, dealId });
    await closeOtherNegotiations(uow, row);
  } else {
    const event = input.action === 'decline' ? 'declined' : 'withdrawn';
    await tx.insert(negotiationEvents).values({ negotiationId: row.id, ...actor, event, payload: {} });
    uow.emit('offer.ended', { negotiationId: row.id, side, how: event, amount: latest.amountDollars });
  }
  return { negotiationId: row.id, status: transition.to, dealId };
}

/** The seller sold: every other open negotiation on the vehicle closes, and each buyer is told. */
async function closeOtherNegotiations(uow: UnitOfWork, accepted: NegotiationRow) {
  const tx = uow.tx;
  const others = await tx
    .select()
    .from(negotiations)
    .where(and(eq(negotiations.vehicleId, accepted.vehicleId), ne(negotiations.id, accepted.id), eq(negotiations.status, 'open')))
    .for('update');
  for (const other of others) {
    await setStatus(uow, other.id, 'closed');
    await tx
      .insert(negotiationEvents)
      .values({ negotiationId: other.id, event: 'closed', payload: { reason: 'The seller accepted another offer on this vehicle.' } });
    uow.emit('offer.closed', { negotiationId: other.id });
  }
}
