/**
 * Shared offer links (/deals?token=…): a token of 256 random bits of which only the hash is
 * kept. A visitor answers with an e-mail; a seller's link serves several buyers, each in a
 * negotiation of their own at the asking price. A party can make more links or turn them off.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { otherSide, type PartyRole } from '../../../src/domain/offer-lifecycle';
import type { Database } from '../../db/client';
import { negotiationEvents, negotiations, offerLinks, offers } from '../../db/schema';
import type { UserRow } from '../../kernel/access';
import type { Tx } from '../../kernel/event-log';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { askingOffer, expiry, hashToken, latestOffer, LINK_GONE, type NegotiationRow, OfferRefusal } from './negotiation-records';

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
  uow: UnitOfWork,
  negotiation: NegotiationRow,
  side: PartyRole,
  email: string,
): Promise<{ id: string; offerId: string }> {
  const tx = uow.tx;
  if (linkSideFreeFor(negotiation, side, email)) {
    await tx
      .update(negotiations)
      .set(side === 'seller' ? { sellerEmail: email } : { buyerEmail: email })
      .where(eq(negotiations.id, negotiation.id));
    return { id: negotiation.id, offerId: (await latestOffer(tx, negotiation.id)).id };
  }
  if (side !== 'buyer' || !negotiation.sellerUserId)
    throw new OfferRefusal(409, 'Someone else is already answering this offer. Sign in if it was you.');
  const asking = await askingOffer(tx, negotiation.id);
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
  uow.emit('negotiation.changed', { negotiationId: fork!.id });
  return { id: fork!.id, offerId: offer!.id };
}

/** What a visitor with a link sees: the offer their side answers, never another buyer's negotiation. */
export async function offerShownByLink(db: Database | Tx, token: string, email: string | null = null) {
  const { negotiation, linkSide } = await negotiationForToken(db, token);
  const own = linkSideFreeFor(negotiation, linkSide, email);
  return { negotiation, linkSide, offer: own ? await latestOffer(db, negotiation.id) : await askingOffer(db, negotiation.id), own };
}

/**
 * A visitor answers through a shared link with their e-mail (see negotiationForVisitor): the
 * negotiation they answer, and who they are in it, with the offer they answered.
 */
export async function visitorNegotiation(uow: UnitOfWork, token: string, email: string, latestOfferId: string) {
  const { negotiation, linkSide, offer } = await offerShownByLink(uow.tx, token, email);
  if (offer.id !== latestOfferId) throw new OfferRefusal(409, 'The offer changed while you were looking at it. Here is the latest one.');
  const target = await negotiationForVisitor(uow, negotiation, linkSide, email);
  return { negotiationId: target.id, acting: { kind: 'visitor', email, role: linkSide } as const, latestOfferId: target.offerId };
}

/** A party's new link for a negotiation (older ones keep working until revoked): its token's hash. */
export async function addLink(uow: UnitOfWork, negotiationId: string, user: UserRow, tokenHash: string): Promise<void> {
  await uow.tx.insert(offerLinks).values({ tokenHash, negotiationId, createdBy: user.id });
  await uow.tx.insert(negotiationEvents).values({ negotiationId, actorUserId: user.id, event: 'link-created', payload: {} });
}

/** Turns off every link of a negotiation; people who hold one see the expired-link screen. */
export async function revokeLinks(uow: UnitOfWork, negotiationId: string, user: UserRow): Promise<void> {
  await uow.tx
    .update(offerLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(offerLinks.negotiationId, negotiationId), isNull(offerLinks.revokedAt)));
  await uow.tx.insert(negotiationEvents).values({ negotiationId, actorUserId: user.id, event: 'links-revoked', payload: {} });
}
