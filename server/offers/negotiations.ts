/**
 * Negotiations and offers in the database, along the lifecycle table of
 * src/domain/offer-lifecycle.ts: start one, answer one, expire what ran out. Every change runs in
 * one database transaction with the negotiation row locked, writes an event row, and queues the
 * mail the other side gets.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { OfferActionInput, StartOffer } from '../../src/domain/offer-fields';
import { offerTransition, otherSide, type NegotiationStatus } from '../../src/domain/offer-lifecycle';
import { formatDollars as dollars, vehicleName } from '../../src/domain/offer-format';
import { checkVin } from '../../src/domain/vin';
import type { Database } from '../db/client';
import { deals, negotiationEvents, negotiations, offerLinks, offers, vehicles } from '../db/schema';
import { createDeal } from './deals';
import type { UserRow } from '../users/user-records';
import {
  type Acting,
  actorColumns,
  claimKey,
  emailOf,
  expiry,
  latestOffer,
  lockNegotiation,
  type NegotiationRow,
  newLinkToken,
  NOT_FOUND,
  notify,
  OfferRefusal,
  setStatus,
  settleKey,
  shareUrl,
  sideOf,
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
  const vin = checkVin(input.vehicle.vin);
  if (!vin.ok) throw new OfferRefusal(400, vin.message);
  if (input.counterpartyEmail && input.counterpartyEmail.toLowerCase() === user.email.toLowerCase()) {
    throw new OfferRefusal(400, 'You cannot make an offer to yourself.');
  }
  const { token, hash } = newLinkToken();
  return db.transaction(async (tx) => {
    const claim = await claimKey(tx, user, input.idempotencyKey, 'start', null);
    if (claim.replay) return { negotiationId: claim.negotiationId!, shareUrl: null, replayed: true };
    const [vehicle] = await tx
      .insert(vehicles)
      .values({ vin: vin.vin, modelYear: vin.modelYear, make: vin.maker, mileage: input.vehicle.mileage })
      .returning();
    const other = otherSide(input.role);
    const [negotiation] = await tx
      .insert(negotiations)
      .values({
        vehicleId: vehicle!.id,
        status: 'open',
        [input.role === 'seller' ? 'sellerUserId' : 'buyerUserId']: user.id,
        [other === 'seller' ? 'sellerEmail' : 'buyerEmail']: input.counterpartyEmail?.toLowerCase() ?? null,
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
      payload: { role: input.role, amount: input.amount },
    });
    const vehicleLabel = vehicleName({ modelYear: vin.modelYear, make: vin.maker });
    await notify(
      tx,
      negotiation!.id,
      input.counterpartyEmail,
      `An offer of ${dollars(input.amount)} for ${vehicleLabel}`,
      `${user.firstName ?? 'Someone'} ${input.role === 'seller' ? 'offers to sell you' : 'offers to buy'} ${vehicleLabel} for ${dollars(input.amount)}. ` +
        `Answer the offer here: ${shareUrl(appUrl, token)}`,
    );
    await settleKey(tx, user, input.idempotencyKey, negotiation!.id);
    return { negotiationId: negotiation!.id, shareUrl: shareUrl(appUrl, token), replayed: false };
  });
}

/** Expires every open negotiation whose latest offer ran out (SPEC leaves expiry to us: 7 days). */
export async function expireDueNegotiations(db: Database, negotiationIds?: string[]): Promise<void> {
  const due = await db.execute(sql`
    select n.id from negotiations n
    where n.status = 'open'
      and (select o.expires_at from offers o where o.negotiation_id = n.id order by o.created_at desc, o.id desc limit 1) <= now()`);
  const rows = ((due as { rows?: { id: string }[] }).rows ?? (due as unknown as { id: string }[])).map((row) => row.id);
  for (const id of rows) {
    if (negotiationIds && !negotiationIds.includes(id)) continue;
    await db.transaction((tx) => lockNegotiation(tx, id));
  }
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

    await setStatus(tx, row.id, transition.to);
    const actor = actorColumns(acting);
    const otherEmail = await emailOf(tx, row, otherSide(side));
    let dealId: string | null = null;
    if (input.action === 'counter') {
      await tx.insert(offers).values({ negotiationId: row.id, fromRole: side, amountDollars: input.amount, expiresAt: expiry() });
      await tx
        .insert(negotiationEvents)
        .values({ negotiationId: row.id, ...actor, event: 'countered', payload: { role: side, amount: input.amount } });
      await notify(
        tx,
        row.id,
        otherEmail,
        `A counteroffer of ${dollars(input.amount)}`,
        `The ${side} answered with ${dollars(input.amount)}.`,
      );
    } else if (input.action === 'accept') {
      dealId = await createDeal(tx, row, latest, acting);
      await tx
        .insert(negotiationEvents)
        .values({ negotiationId: row.id, ...actor, event: 'accepted', payload: { amount: latest.amountDollars, dealId } });
      await notify(
        tx,
        row.id,
        otherEmail,
        'Your offer was accepted',
        `The ${side} accepted ${dollars(latest.amountDollars)}. You have a deal.`,
      );
      await closeOtherNegotiations(tx, row);
    } else {
      const event = input.action === 'decline' ? 'declined' : 'withdrawn';
      await tx.insert(negotiationEvents).values({ negotiationId: row.id, ...actor, event, payload: {} });
      await notify(tx, row.id, otherEmail, `The offer was ${event}`, `The ${side} ${event} the offer of ${dollars(latest.amountDollars)}.`);
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
    await notify(
      tx,
      other.id,
      await emailOf(tx, other, 'buyer'),
      'The vehicle was sold',
      'The seller accepted another offer on this vehicle, so this negotiation is closed.',
    );
  }
}
