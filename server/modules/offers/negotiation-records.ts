/**
 * What the offer services share: the row types, the refusal they throw, who is acting, and the
 * small reads and writes every change makes inside its unit of work (the latest offer, the lock
 * on a negotiation).
 */
import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { OFFER_VALIDITY_DAYS, type NegotiationStatus, type PartyRole } from '../../../src/domain/offer-lifecycle';
import type { Database } from '../../db/client';
import { negotiationEvents, negotiations, offers } from '../../db/schema';
import type { UserRow } from '../../kernel/access';
import type { Tx } from '../../kernel/event-log';
import { Refusal } from '../../kernel/refusal';
import type { UnitOfWork } from '../../kernel/unit-of-work';

export type NegotiationRow = typeof negotiations.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;

/** A refusal the caller can act on: the HTTP status and the sentence to show. */
export class OfferRefusal extends Refusal {}

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

/** A change to the negotiation: `updatedAt` moves, and both sides' open tabs hear of it. */
export async function touch(uow: UnitOfWork, id: string, values: Partial<Pick<NegotiationRow, 'status'>> = {}) {
  await uow.tx
    .update(negotiations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(negotiations.id, id));
  uow.emit('negotiation.changed', { negotiationId: id });
}

export const setStatus = (uow: UnitOfWork, id: string, status: NegotiationStatus) => touch(uow, id, { status });

/** Locks the negotiation for the rest of the unit of work and expires it when its offer ran out. */
export async function lockNegotiation(uow: UnitOfWork, negotiationId: string): Promise<NegotiationRow> {
  const [row] = await uow.tx.select().from(negotiations).where(eq(negotiations.id, negotiationId)).for('update');
  if (!row) throw new OfferRefusal(404, NOT_FOUND);
  if (row.status === 'open' && (await latestOffer(uow.tx, row.id)).expiresAt.getTime() <= Date.now()) {
    await setStatus(uow, row.id, 'expired');
    await uow.tx.insert(negotiationEvents).values({ negotiationId: row.id, event: 'expired', payload: {} });
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
