/**
 * Negotiations, offers and deals in the database, along the lifecycle table of
 * src/domain/offer-lifecycle.ts. Every change runs in one database transaction with the
 * negotiation row locked, writes an event row, and queues the mail the other side gets.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { OfferActionInput, StartOffer } from '../../src/domain/offer-fields';
import { OFFER_VALIDITY_DAYS, offerTransition, otherSide, type NegotiationStatus, type PartyRole } from '../../src/domain/offer-lifecycle';
import { formatDollars as dollars, vehicleName } from '../../src/domain/offer-format';
import { checkVin } from '../../src/domain/vin';
import { FIRST_STATUS, SIDE_FLOW } from '../../src/domain/transaction-transitions';
import type { Database } from '../db/client';
import {
  dealParties,
  deals,
  negotiationEvents,
  negotiations,
  notifications,
  offerLinks,
  offers,
  transactions,
  users,
  vehicles,
} from '../db/schema';
import type { UserRow } from '../users/user-records';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type NegotiationRow = typeof negotiations.$inferSelect;
type OfferRow = typeof offers.$inferSelect;

/** A refusal the caller can act on: the HTTP status and the sentence to show. */
export class OfferRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

const NOT_FOUND = 'Offer not found.';
export const LINK_GONE = 'This link has expired or was turned off. Ask the person who shared it for a new one.';

/** Who is acting: a signed-in user, or a visitor with a shared link and an e-mail address. */
export type Acting = { kind: 'user'; user: UserRow } | { kind: 'visitor'; email: string; role: PartyRole };

function actorColumns(acting: Acting) {
  return acting.kind === 'user' ? { actorUserId: acting.user.id, actorEmail: null } : { actorUserId: null, actorEmail: acting.email };
}

/** The side `user` is on in a negotiation, or undefined when they are not a party. */
export function sideOf(row: NegotiationRow, user: UserRow): PartyRole | undefined {
  if (row.sellerUserId === user.id) return 'seller';
  if (row.buyerUserId === user.id) return 'buyer';
  return undefined;
}

function expiry(now = Date.now()): Date {
  return new Date(now + OFFER_VALIDITY_DAYS * 24 * 3600 * 1000);
}

/** A shared-link token: 256 random bits; only its hash is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The page a shared link opens (`/deals`, guard ungated-offer). */
function shareUrl(appUrl: string, token: string): string {
  return `${appUrl}/deals?token=${token}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function latestOffer(tx: Tx | Database, negotiationId: string): Promise<OfferRow> {
  const [row] = await tx
    .select()
    .from(offers)
    .where(eq(offers.negotiationId, negotiationId))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(1);
  if (!row) throw new Error(`negotiation ${negotiationId} has no offer`);
  return row;
}

async function notify(tx: Tx, negotiationId: string, to: string | null | undefined, subject: string, body: string) {
  if (to) await tx.insert(notifications).values({ negotiationId, toEmail: to, subject, body });
}

/** The e-mail address of a side: its user's, or the one given for it. */
async function emailOf(tx: Tx, row: NegotiationRow, side: PartyRole): Promise<string | null> {
  const userId = side === 'seller' ? row.sellerUserId : row.buyerUserId;
  if (userId) {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return user?.email ?? null;
  }
  return side === 'seller' ? row.sellerEmail : row.buyerEmail;
}

/** SPEC §2.1 start a sale (or an offer to buy): the vehicle, the first offer, and a link to share. */
export async function startNegotiation(db: Database, user: UserRow, input: StartOffer, appUrl: string) {
  const vin = checkVin(input.vehicle.vin);
  if (!vin.ok) throw new OfferRefusal(400, vin.message);
  if (input.counterpartyEmail && input.counterpartyEmail.toLowerCase() === user.email.toLowerCase()) {
    throw new OfferRefusal(400, 'You cannot make an offer to yourself.');
  }
  const { token, hash } = newLinkToken();
  const negotiationId = await db.transaction(async (tx) => {
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
    return negotiation!.id;
  });
  return { negotiationId, shareUrl: shareUrl(appUrl, token) };
}

/** Locks the negotiation for the rest of the transaction and expires it when its offer ran out. */
async function lockNegotiation(tx: Tx, negotiationId: string): Promise<NegotiationRow> {
  const [row] = await tx.select().from(negotiations).where(eq(negotiations.id, negotiationId)).for('update');
  if (!row) throw new OfferRefusal(404, NOT_FOUND);
  if (row.status === 'open' && (await latestOffer(tx, row.id)).expiresAt.getTime() <= Date.now()) {
    await setStatus(tx, row.id, 'expired');
    await tx.insert(negotiationEvents).values({ negotiationId: row.id, event: 'expired', payload: {} });
    return { ...row, status: 'expired' };
  }
  return row;
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

async function setStatus(tx: Tx, id: string, status: NegotiationStatus) {
  await tx
    .update(negotiations)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(negotiations.id, id));
}

export type ActionOutcome = { negotiationId: string; status: NegotiationStatus; dealId: string | null };

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
    const latest = await latestOffer(tx, row.id);
    if (input.action === 'accept' && row.status === 'accepted' && latest.id === input.latestOfferId && latest.fromRole !== side) {
      const [deal] = await tx.select({ id: deals.id }).from(deals).where(eq(deals.negotiationId, row.id));
      return { negotiationId: row.id, status: row.status, dealId: deal?.id ?? null };
    }
    const transition = offerTransition(row.status, input.action, side, latest.fromRole);
    if (!transition.ok) throw new OfferRefusal(row.status === 'open' ? 403 : 409, transition.message);
    if (latest.id !== input.latestOfferId)
      throw new OfferRefusal(409, 'The offer changed while you were looking at it. Here is the latest one.');

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
    return { negotiationId: row.id, status: transition.to, dealId };
  });
}

/** Exactly one deal per negotiation (unique key), with both sides' party roles and transactions. */
async function createDeal(tx: Tx, row: NegotiationRow, accepted: OfferRow, acting: Acting): Promise<string> {
  const [deal] = await tx
    .insert(deals)
    .values({
      negotiationId: row.id,
      vehicleId: row.vehicleId,
      priceDollars: accepted.amountDollars,
      partnerUid: row.partnerUid,
      partnerSource: row.partnerSource,
    })
    .returning({ id: deals.id });
  const visitorEmail = acting.kind === 'visitor' ? acting.email : null;
  await tx.insert(dealParties).values([
    { dealId: deal!.id, role: 'seller', userId: row.sellerUserId, email: row.sellerUserId ? null : (row.sellerEmail ?? visitorEmail) },
    { dealId: deal!.id, role: 'buyer', userId: row.buyerUserId, email: row.buyerUserId ? null : (row.buyerEmail ?? visitorEmail) },
  ]);
  await tx.insert(transactions).values([
    { dealId: deal!.id, side: 'seller', flow: SIDE_FLOW.seller, status: FIRST_STATUS[SIDE_FLOW.seller] },
    { dealId: deal!.id, side: 'buyer', flow: SIDE_FLOW.buyer, status: FIRST_STATUS[SIDE_FLOW.buyer] },
  ]);
  return deal!.id;
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

/** The negotiation a shared-link token opens, if the link is live. */
export async function negotiationForToken(db: Database | Tx, token: string): Promise<{ negotiation: NegotiationRow; linkSide: PartyRole }> {
  const [link] = await db
    .select()
    .from(offerLinks)
    .where(and(eq(offerLinks.tokenHash, hashToken(token)), isNull(offerLinks.revokedAt)));
  if (!link) throw new OfferRefusal(404, LINK_GONE);
  const [negotiation] = await db.select().from(negotiations).where(eq(negotiations.id, link.negotiationId));
  if (!negotiation) throw new OfferRefusal(404, LINK_GONE);
  // The link answers for the side that did not create it.
  const creatorSide = negotiation.sellerUserId === link.createdBy ? 'seller' : 'buyer';
  return { negotiation, linkSide: otherSide(creatorSide) };
}

/** The seller's asking offer: the first offer they made in the negotiation a link belongs to. */
export async function askingOffer(db: Database | Tx, negotiationId: string): Promise<OfferRow> {
  const [first] = await db
    .select()
    .from(offers)
    .where(eq(offers.negotiationId, negotiationId))
    .orderBy(offers.createdAt, offers.id)
    .limit(1);
  return first!;
}

/** Whether the link's open side is still free, or already taken by `email`. */
function linkSideFreeFor(negotiation: NegotiationRow, side: PartyRole, email: string | null): boolean {
  const boundUser = side === 'seller' ? negotiation.sellerUserId : negotiation.buyerUserId;
  const boundEmail = side === 'seller' ? negotiation.sellerEmail : negotiation.buyerEmail;
  return !boundUser && (!boundEmail || boundEmail === email);
}

/**
 * A seller's link is answered by several buyers: the first e-mail takes the link's own
 * negotiation, every other buyer starts a negotiation of their own at the asking price.
 */
async function negotiationForVisitor(
  db: Database,
  negotiation: NegotiationRow,
  side: PartyRole,
  email: string,
): Promise<{ id: string; offerId: string }> {
  if (linkSideFreeFor(negotiation, side, email)) {
    await db
      .update(negotiations)
      .set(side === 'seller' ? { sellerEmail: email } : { buyerEmail: email })
      .where(eq(negotiations.id, negotiation.id));
    return { id: negotiation.id, offerId: (await latestOffer(db, negotiation.id)).id };
  }
  if (side !== 'buyer' || !negotiation.sellerUserId)
    throw new OfferRefusal(409, 'Someone else is already answering this offer. Sign in if it was you.');
  const asking = await askingOffer(db, negotiation.id);
  return db.transaction(async (tx) => {
    const [fork] = await tx
      .insert(negotiations)
      .values({
        vehicleId: negotiation.vehicleId,
        status: 'open',
        sellerUserId: negotiation.sellerUserId,
        buyerEmail: email,
        partnerUid: negotiation.partnerUid,
        partnerSource: negotiation.partnerSource,
      })
      .returning();
    const [offer] = await tx
      .insert(offers)
      .values({ negotiationId: fork!.id, fromRole: 'seller', amountDollars: asking.amountDollars, expiresAt: expiry() })
      .returning();
    await tx.insert(negotiationEvents).values({
      negotiationId: fork!.id,
      actorUserId: negotiation.sellerUserId,
      event: 'offer-made',
      payload: { role: 'seller', amount: asking.amountDollars, viaLink: true },
    });
    return { id: fork!.id, offerId: offer!.id };
  });
}

/** What a visitor with a link sees: the offer their side answers, never another buyer's negotiation. */
export async function offerShownByLink(db: Database, token: string, email: string | null = null) {
  const { negotiation, linkSide } = await negotiationForToken(db, token);
  const own = linkSideFreeFor(negotiation, linkSide, email);
  return { negotiation, linkSide, offer: own ? await latestOffer(db, negotiation.id) : await askingOffer(db, negotiation.id), own };
}

/** A visitor answers through a shared link with their e-mail; see negotiationForVisitor. */
export async function actThroughLink(db: Database, token: string, email: string, input: OfferActionInput) {
  const address = email.trim().toLowerCase();
  const { negotiation, linkSide, offer } = await offerShownByLink(db, token, address);
  if (offer.id !== input.latestOfferId)
    throw new OfferRefusal(409, 'The offer changed while you were looking at it. Here is the latest one.');
  const target = await negotiationForVisitor(db, negotiation, linkSide, address);
  return actOnNegotiation(db, target.id, { kind: 'visitor', email: address, role: linkSide }, { ...input, latestOfferId: target.offerId });
}

/** The negotiation when `user` is one of its parties; 404 for anyone else. */
async function negotiationOfParty(db: Database, negotiationId: string, user: UserRow): Promise<NegotiationRow> {
  const [row] = await db.select().from(negotiations).where(eq(negotiations.id, negotiationId));
  if (!row || !sideOf(row, user)) throw new OfferRefusal(404, NOT_FOUND);
  return row;
}

/** A party's new link for a negotiation (older ones keep working until revoked). */
export async function createLink(db: Database, negotiationId: string, user: UserRow, appUrl: string): Promise<string> {
  await negotiationOfParty(db, negotiationId, user);
  const { token, hash } = newLinkToken();
  await db.insert(offerLinks).values({ tokenHash: hash, negotiationId, createdBy: user.id });
  await db.insert(negotiationEvents).values({ negotiationId, actorUserId: user.id, event: 'link-created', payload: {} });
  return shareUrl(appUrl, token);
}

/** Turns off every link of a negotiation; people who hold one see the expired-link screen. */
export async function revokeLinks(db: Database, negotiationId: string, user: UserRow): Promise<void> {
  await negotiationOfParty(db, negotiationId, user);
  await db
    .update(offerLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(offerLinks.negotiationId, negotiationId), isNull(offerLinks.revokedAt)));
  await db.insert(negotiationEvents).values({ negotiationId, actorUserId: user.id, event: 'links-revoked', payload: {} });
}

/** `/link-offer`: what was done by e-mail through links becomes the signed-in user's. */
export async function attachByEmail(db: Database, user: UserRow): Promise<{ negotiations: number; deals: number }> {
  const email = user.email.toLowerCase();
  return db.transaction(async (tx) => {
    const asBuyer = await tx
      .update(negotiations)
      .set({ buyerUserId: user.id, updatedAt: sql`now()` })
      .where(
        and(
          eq(negotiations.buyerEmail, email),
          isNull(negotiations.buyerUserId),
          or(isNull(negotiations.sellerUserId), ne(negotiations.sellerUserId, user.id)),
        ),
      )
      .returning({ id: negotiations.id });
    const asSeller = await tx
      .update(negotiations)
      .set({ sellerUserId: user.id, updatedAt: sql`now()` })
      .where(
        and(
          eq(negotiations.sellerEmail, email),
          isNull(negotiations.sellerUserId),
          or(isNull(negotiations.buyerUserId), ne(negotiations.buyerUserId, user.id)),
        ),
      )
      .returning({ id: negotiations.id });
    const attached = [...asBuyer, ...asSeller].map((row) => row.id);
    if (attached.length) {
      await tx
        .insert(negotiationEvents)
        .values(attached.map((negotiationId) => ({ negotiationId, actorUserId: user.id, event: 'linked-to-account', payload: {} })));
    }
    const parties = await tx
      .update(dealParties)
      .set({ userId: user.id, email: null })
      .where(and(eq(dealParties.email, email), isNull(dealParties.userId)))
      .returning({ id: dealParties.id });
    return { negotiations: attached.length, deals: parties.length };
  });
}
