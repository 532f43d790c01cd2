/**
 * What the offer services share: the row types, the refusal they throw, who is acting, and the
 * small reads and writes every change makes inside its database transaction (the latest offer,
 * the lock on a negotiation, the mail row for the other side).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { OFFER_VALIDITY_DAYS, type NegotiationStatus, type OfferRequestAction, type PartyRole } from '../../../src/domain/offer-lifecycle';
import type { Database } from '../../db/client';
import { negotiationEvents, negotiations, offerRequests, offers, users } from '../../db/schema';
import { announceNegotiation } from '../../kernel/announce';
import { notify, type Notice, type Recipient } from '../../kernel/notify';
import type { UserRow } from '../users/user-records';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type NegotiationRow = typeof negotiations.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;

/** A refusal the caller can act on: the HTTP status and the sentence to show. */
export class OfferRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

export const NOT_FOUND = 'Offer not found.';
export const LINK_GONE = 'This link has expired or was turned off. Ask the person who shared it for a new one.';

/** Who is acting: a signed-in user, or a visitor with a shared link and an e-mail address. */
export type Acting = { kind: 'user'; user: UserRow } | { kind: 'visitor'; email: string; role: PartyRole };

export function actorColumns(acting: Acting) {
  return acting.kind === 'user' ? { actorUserId: acting.user.id, actorEmail: null } : { actorUserId: null, actorEmail: acting.email };
}

/** The side `user` is on in a negotiation, or undefined when they are not a party. */
export function sideOf(row: NegotiationRow, user: UserRow): PartyRole | undefined {
  if (row.sellerUserId === user.id) return 'seller';
  if (row.buyerUserId === user.id) return 'buyer';
  return undefined;
}

export function expiry(now = Date.now()): Date {
  return new Date(now + OFFER_VALIDITY_DAYS * 24 * 3600 * 1000);
}

/** A shared-link token: 256 random bits; only its hash is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The page a shared link opens (`/deals`, guard ungated-offer). */
export function shareUrl(appUrl: string, token: string): string {
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

/** Who a side is: its user (and their e-mail), or only the e-mail given for it. */
export async function partyOf(tx: Tx, row: NegotiationRow, side: PartyRole): Promise<Recipient> {
  const userId = side === 'seller' ? row.sellerUserId : row.buyerUserId;
  if (userId) {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return { userId, email: user?.email ?? null };
  }
  return { userId: null, email: side === 'seller' ? row.sellerEmail : row.buyerEmail };
}

/** Tells one side of a negotiation about an event on it, once per `key` (server/notifications); it leads to their offers unless it says where. */
export async function tellSide(tx: Tx, row: NegotiationRow, side: PartyRole, notice: Omit<Notice, 'negotiationId'>) {
  await notify(tx, await partyOf(tx, row, side), { link: OFFERS_PATH, ...notice, negotiationId: row.id });
}

export const OFFERS_PATH = '/dashboard/caramel-offers';
/** Where the vehicle of an offer is confirmed (the seller) and its registration address given (the buyer). */
export const informationPath = (negotiationId: string) => `/transaction/information?offer=${negotiationId}`;

/** A change to the negotiation: `updatedAt` moves, and both sides' open tabs hear of it. */
export async function touch(tx: Tx, id: string, values: Partial<Pick<NegotiationRow, 'status'>> = {}) {
  await tx
    .update(negotiations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(negotiations.id, id));
  await announceNegotiation(tx, id);
}

export const setStatus = (tx: Tx, id: string, status: NegotiationStatus) => touch(tx, id, { status });

/** Locks the negotiation for the rest of the transaction and expires it when its offer ran out. */
export async function lockNegotiation(tx: Tx, negotiationId: string): Promise<NegotiationRow> {
  const [row] = await tx.select().from(negotiations).where(eq(negotiations.id, negotiationId)).for('update');
  if (!row) throw new OfferRefusal(404, NOT_FOUND);
  if (row.status === 'open' && (await latestOffer(tx, row.id)).expiresAt.getTime() <= Date.now()) {
    await setStatus(tx, row.id, 'expired');
    await tx.insert(negotiationEvents).values({ negotiationId: row.id, event: 'expired', payload: {} });
    return { ...row, status: 'expired' };
  }
  return row;
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

/** The negotiation when `user` is one of its parties; 404 for anyone else. */
export async function negotiationOfParty(db: Database, negotiationId: string, user: UserRow): Promise<NegotiationRow> {
  const [row] = await db.select().from(negotiations).where(eq(negotiations.id, negotiationId));
  if (!row || !sideOf(row, user)) throw new OfferRefusal(404, NOT_FOUND);
  return row;
}

export const KEY_REUSED = 'That idempotency key was already used for another action. Make a new key for each action.';

export type KeyClaim = { replay: false } | { replay: true; negotiationId: string | null };

/**
 * Claims the idempotency key of a party's request inside the change's database transaction. A key
 * seen before with the same action (on the same negotiation) is a repeat: the caller applies
 * nothing and answers as the first time; a key seen with another action is refused (422). Without
 * a key (API callers that send none) every request is new.
 */
export async function claimKey(
  tx: Tx | Database,
  user: UserRow,
  key: string | undefined,
  action: OfferRequestAction,
  negotiationId: string | null,
): Promise<KeyClaim> {
  if (!key) return { replay: false };
  const [claimed] = await tx
    .insert(offerRequests)
    .values({ userId: user.id, idempotencyKey: key, action, negotiationId })
    .onConflictDoNothing()
    .returning();
  if (claimed) return { replay: false };
  const [earlier] = await tx
    .select()
    .from(offerRequests)
    .where(and(eq(offerRequests.userId, user.id), eq(offerRequests.idempotencyKey, key)));
  if (!earlier || earlier.action !== action || (negotiationId && earlier.negotiationId !== negotiationId))
    throw new OfferRefusal(422, KEY_REUSED);
  return { replay: true, negotiationId: earlier.negotiationId };
}

/** Records which negotiation a `start` request made, so its repeat answers the same one. */
export async function settleKey(tx: Tx, user: UserRow, key: string | undefined, negotiationId: string): Promise<void> {
  if (key)
    await tx
      .update(offerRequests)
      .set({ negotiationId })
      .where(and(eq(offerRequests.userId, user.id), eq(offerRequests.idempotencyKey, key)));
}
