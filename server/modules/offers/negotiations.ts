/**
 * Negotiations and offers in the database, along the lifecycle table of
 * src/domain/offer-lifecycle.ts: start one, answer one, expire what ran out. Every change runs in
 * one database transaction with the negotiation row locked, writes an event row, and queues the
 * mail the other side gets.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { OfferActionInput, StartOffer } from '../../../src/domain/offer-fields';
import { offerTransition, otherSide, type NegotiationStatus } from '../../../src/domain/offer-lifecycle';
import { formatDollars as dollars, vehicleName } from '../../../src/domain/offer-format';
import type { Database } from '../../db/client';
import { deals, negotiationEvents, negotiations, offerLinks, offers, vehicles } from '../../db/schema';
import { announceNegotiation } from '../../kernel/announce';
import { userByCaramelCode } from '../users/caramel-codes';
import type { UserRow } from '../users/user-records';
import { BadRequest } from '../../kernel/validation';
import { createDeal } from './deals';
import { NOT_CONFIRMED, offeredVehicleRow, vehicleConfirmed } from './offer-vehicles';
import {
  type Acting,
  actorColumns,
  claimKey,
  expiry,
  latestOffer,
  lockNegotiation,
  type NegotiationRow,
  newLinkToken,
  NOT_FOUND,
  informationPath,
  OfferRefusal,
  setStatus,
  settleKey,
  shareUrl,
  sideOf,
  tellSide,
  type Tx,
} from './negotiation-records';

/**
 * SPEC §2.1 start a sale (or an offer to buy): the vehicle, the first offer, and a link to share.
 * A repeated idempotency key answers the negotiation it made, without a link (only its hash is
 * kept, so the first answer is the only one that carries it).
 */
export async function startNegotiation(
  db: Database,
  user: UserRow,
  input: StartOffer,
  appUrl: string,
): Promise<{ negotiationId: string; shareUrl: string | null; replayed: boolean }> {
  const vehicle = offeredVehicleRow(input.vehicle, input.role);
  if (input.counterpartyEmail && input.counterpartyEmail.toLowerCase() === user.email.toLowerCase()) {
    throw new OfferRefusal(400, 'You cannot make an offer to yourself.');
  }
  const codeOwner = input.counterpartyCode === undefined ? undefined : await codeOwnerFor(db, input.counterpartyCode, user);
  const { token, hash } = newLinkToken();
  return db.transaction(async (tx) => {
    const claim = await claimKey(tx, user, input.idempotencyKey, 'start', null);
    if (claim.replay) return { negotiationId: claim.negotiationId!, shareUrl: null, replayed: true };
    const [saved] = await tx.insert(vehicles).values(vehicle).returning();
    const other = otherSide(input.role);
    const [negotiation] = await tx
      .insert(negotiations)
      .values({
        vehicleId: saved!.id,
        status: 'open',
        [input.role === 'seller' ? 'sellerUserId' : 'buyerUserId']: user.id,
        ...(codeOwner
          ? { [other === 'seller' ? 'sellerUserId' : 'buyerUserId']: codeOwner.id, codeOwnerUserId: codeOwner.id }
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
    const vehicleLabel = vehicleName(saved!);
    const toConfirm = !saved!.confirmedAt;
    await tellSide(tx, negotiation!, other, {
      kind: 'offer received',
      key: `offer-made:${negotiation!.id}`,
      subject: `An offer of ${dollars(input.amount)} for ${vehicleLabel}`,
      body:
        `${user.firstName ?? 'Someone'} ${input.role === 'seller' ? 'offers to sell you' : 'offers to buy'} ${vehicleLabel} for ${dollars(input.amount)}. ` +
        (toConfirm ? 'Confirm the vehicle’s details, then answer the offer. ' : '') +
        // Someone reached by their code has an account: the notification leads into the app instead of a link anyone could open.
        (codeOwner ? '' : `Answer the offer here: ${shareUrl(appUrl, token)}`),
      ...(toConfirm ? { link: informationPath(negotiation!.id) } : {}),
    });
    await announceNegotiation(tx, negotiation!.id);
    await settleKey(tx, user, input.idempotencyKey, negotiation!.id);
    return { negotiationId: negotiation!.id, shareUrl: shareUrl(appUrl, token), replayed: false };
  });
}

/** The user a typed Caramel code belongs to; a 400 naming the field when there is none, or it is the caller's own. */
async function codeOwnerFor(db: Database, typed: string, user: UserRow): Promise<UserRow> {
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
 * Expires the open negotiations whose latest offer ran out (SPEC leaves expiry to us: 7 days):
 * every one, or only the ones a reader is about to see (`scope`), so a read costs what it shows,
 * not a pass over every open negotiation in the marketplace.
 */
export async function expireDueNegotiations(db: Database, scope?: { userId: string } | { negotiationId: string }): Promise<void> {
  const only = !scope
    ? sql``
    : 'userId' in scope
      ? sql`and (n.seller_user_id = ${scope.userId} or n.buyer_user_id = ${scope.userId})`
      : sql`and n.id = ${scope.negotiationId}`;
  const due = await db.execute(sql`
    select n.id from negotiations n
    where n.status = 'open' ${only}
      and (select o.expires_at from offers o where o.negotiation_id = n.id order by o.created_at desc, o.id desc limit 1) <= now()`);
  const rows = ((due as { rows?: { id: string }[] }).rows ?? (due as unknown as { id: string }[])).map((row) => row.id);
  for (const id of rows) await db.transaction((tx) => lockNegotiation(tx, id));
}

export type ActionOutcome = { negotiationId: string; status: NegotiationStatus; dealId: string | null; replayed: boolean };

/**
 * Applies counter, accept, decline or withdraw for `acting` on their side of the negotiation.
 * `latestOfferId` is the offer the person answered; a newer one means they answered a stale
 * offer (409). A repeated accept by the side that accepted answers the same deal.
 */
export async function actOnNegotiation(
  db: Database,
  negotiationId: string,
  acting: Acting,
  input: OfferActionInput,
): Promise<ActionOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockNegotiation(tx, negotiationId);
    const side = acting.kind === 'user' ? sideOf(row, acting.user) : acting.role;
    if (!side) throw new OfferRefusal(404, NOT_FOUND);
    // Under the negotiation's lock, so a repeat sent while the first is applied waits and answers the same.
    if (acting.kind === 'user' && (await claimKey(tx, acting.user, input.idempotencyKey, input.action, row.id)).replay) {
      const [deal] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.negotiationId, row.id));
      return { negotiationId: row.id, status: row.status, dealId: deal?.id ?? null, replayed: true };
    }
    const latest = await latestOffer(tx, row.id);
    if (input.action === 'accept' && row.status === 'accepted' && latest.id === input.latestOfferId && latest.fromRole !== side) {
      const [deal] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.negotiationId, row.id));
      return { negotiationId: row.id, status: row.status, dealId: deal?.id ?? null, replayed: false };
    }
    // A stale view first: the person answered an offer that has since been answered.
    if (latest.id !== input.latestOfferId)
      throw new OfferRefusal(409, 'The offer changed while you were looking at it. Here is the latest one.');
    const transition = offerTransition(row.status, input.action, side, latest.fromRole);
    if (!transition.ok) throw new OfferRefusal(row.status === 'open' ? 403 : 409, transition.message);

    if (input.action === 'accept' && !(await vehicleConfirmed(tx, row.vehicleId))) throw new OfferRefusal(409, NOT_CONFIRMED);

    await setStatus(tx, row.id, transition.to);
    const actor = actorColumns(acting);
    const other = otherSide(side);
    let dealId: string | null = null;
    if (input.action === 'counter') {
      const [offer] = await tx
        .insert(offers)
        .values({ negotiationId: row.id, fromRole: side, amountDollars: input.amount, expiresAt: expiry() })
        .returning({ id: offers.id });
      await tx
        .insert(negotiationEvents)
        .values({ negotiationId: row.id, ...actor, event: 'countered', payload: { role: side, amount: input.amount } });
      await tellSide(tx, row, other, {
        kind: 'offer answered',
        key: `countered:${offer!.id}`,
        subject: `A counteroffer of ${dollars(input.amount)}`,
        body: `The ${side} answered with ${dollars(input.amount)}.`,
      });
    } else if (input.action === 'accept') {
      dealId = (await createDeal(tx, row, latest, acting)).dealId;
      await tx
        .insert(negotiationEvents)
        .values({ negotiationId: row.id, ...actor, event: 'accepted', payload: { amount: latest.amountDollars, dealId } });
      await tellSide(tx, row, other, {
        kind: 'offer answered',
        key: `accepted:${row.id}`,
        subject: 'Your offer was accepted',
        body: `The ${side} accepted ${dollars(latest.amountDollars)}. You have a deal.`,
        link: `/dashboard/caramel-offers/success?deal=${dealId}`,
      });
      await closeOtherNegotiations(tx, row);
    } else {
      const event = input.action === 'decline' ? 'declined' : 'withdrawn';
      await tx.insert(negotiationEvents).values({ negotiationId: row.id, ...actor, event, payload: {} });
      await tellSide(tx, row, other, {
        kind: 'offer answered',
        key: `${event}:${row.id}`,
        subject: `The offer was ${event}`,
        body: `The ${side} ${event} the offer of ${dollars(latest.amountDollars)}.`,
      });
    }
    return { negotiationId: row.id, status: transition.to, dealId, replayed: false };
  });
}

/** The seller sold: every other open negotiation on the vehicle closes, and each buyer is told. */
async function closeOtherNegotiations(tx: Tx, accepted: NegotiationRow) {
  const others = await tx
    .select()
    .from(negotiations)
    .where(and(eq(negotiations.vehicleId, accepted.vehicleId), ne(negotiations.id, accepted.id), eq(negotiations.status, 'open')))
    .for('update');
  for (const other of others) {
    await setStatus(tx, other.id, 'closed');
    await tx
      .insert(negotiationEvents)
      .values({ negotiationId: other.id, event: 'closed', payload: { reason: 'The seller accepted another offer on this vehicle.' } });
    await tellSide(tx, other, 'buyer', {
      kind: 'offer closed',
      key: `closed:${other.id}`,
      subject: 'The vehicle was sold',
      body: 'The seller accepted another offer on this vehicle, so this negotiation is closed.',
    });
  }
}
