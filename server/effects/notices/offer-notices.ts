/**
 * What each side of an offer is told when the other acts: an offer, a counteroffer, an answer, the
 * vehicle confirmed, the vehicle sold to someone else. A person with an account is led to that offer
 * in their offers (a push, a notice and a mail open it, not the whole list); someone known only by
 * e-mail gets the shared link in the body.
 */
import { eq } from 'drizzle-orm';
import { aVehicle, formatDollars as dollars } from '../../../src/domain/offer-format';
import { otherSide, type PartyRole } from '../../../src/domain/offer-lifecycle';
import { negotiations, users } from '../../db/schema';
import type { EffectWriter, Subscribers } from '../../kernel/domain-events';
import type { Notice, Recipient } from '../../kernel/notify';

/** The offer in the person's offers: the dashboard brings it into view and marks it. */
const offerPath = (negotiationId: string) => `/dashboard/caramel-offers?offer=${negotiationId}`;
/** Where the vehicle of an offer is confirmed (the seller) and its registration address given (the buyer). */
const informationPath = (negotiationId: string) => `/transaction/information?offer=${negotiationId}`;

/** Who a side of the negotiation is: its user (and their e-mail), or only the e-mail given for it. */
async function partyOf(effects: EffectWriter, negotiationId: string, side: PartyRole): Promise<Recipient> {
  const [row] = await effects.tx.select().from(negotiations).where(eq(negotiations.id, negotiationId));
  const userId = side === 'seller' ? row!.sellerUserId : row!.buyerUserId;
  if (userId) {
    const [user] = await effects.tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return { userId, email: user?.email ?? null };
  }
  return { userId: null, email: side === 'seller' ? row!.sellerEmail : row!.buyerEmail };
}

/** Tells one side of a negotiation, once per `key`; it leads to that offer unless it says where. */
async function tellSide(effects: EffectWriter, negotiationId: string, side: PartyRole, notice: Omit<Notice, 'negotiationId'>) {
  await effects.notify(await partyOf(effects, negotiationId, side), { link: offerPath(negotiationId), ...notice, negotiationId });
}

export const OFFER_NOTICES: Subscribers = {
  'offer.made': [
    async (effects, made) =>
      tellSide(effects, made.negotiationId, otherSide(made.role), {
        kind: 'offer received',
        key: `offer-made:${made.negotiationId}`,
        subject: `An offer of ${dollars(made.amount)} for ${made.role === 'seller' ? aVehicle(made.vehicle) : `your ${made.vehicle}`}`,
        body:
          `${made.byName ?? 'Someone'} ${made.role === 'seller' ? `offers to sell you ${aVehicle(made.vehicle)}` : `offers to buy your ${made.vehicle}`} for ${dollars(made.amount)}. ` +
          (made.toConfirm ? 'Confirm the vehicle’s details, then answer the offer. ' : '') +
          // Someone reached in the app (by their code) is led there instead of a link anyone could open.
          (made.shareUrl ? `Answer the offer here: ${made.shareUrl}` : ''),
        ...(made.toConfirm ? { link: informationPath(made.negotiationId) } : {}),
      }),
  ],
  'offer.countered': [
    async (effects, countered) =>
      tellSide(effects, countered.negotiationId, otherSide(countered.side), {
        kind: 'offer answered',
        key: `countered:${countered.offerId}`,
        subject: `A counteroffer of ${dollars(countered.amount)}`,
        body: `The ${countered.side} answered with ${dollars(countered.amount)}.`,
      }),
  ],
  'offer.accepted': [
    async (effects, accepted) =>
      tellSide(effects, accepted.negotiationId, otherSide(accepted.side), {
        kind: 'offer answered',
        key: `accepted:${accepted.negotiationId}`,
        subject: 'Your offer was accepted',
        body: `The ${accepted.side} accepted ${dollars(accepted.amount)}. You have a deal.`,
        link: `/dashboard/caramel-offers/success?deal=${accepted.dealId}`,
      }),
  ],
  'offer.ended': [
    async (effects, ended) =>
      tellSide(effects, ended.negotiationId, otherSide(ended.side), {
        kind: 'offer answered',
        key: `${ended.how}:${ended.negotiationId}`,
        subject: `The offer was ${ended.how}`,
        body: `The ${ended.side} ${ended.how} the offer of ${dollars(ended.amount)}.`,
      }),
  ],
  'offer.closed': [
    async (effects, closed) =>
      tellSide(effects, closed.negotiationId, 'buyer', {
        kind: 'offer closed',
        key: `closed:${closed.negotiationId}`,
        subject: 'The vehicle was sold',
        body: 'The seller accepted another offer on this vehicle, so this negotiation is closed.',
      }),
  ],
  'vehicle.confirmed': [
    async (effects, confirmed) =>
      tellSide(effects, confirmed.negotiationId, 'buyer', {
        kind: 'vehicle confirmed',
        key: `vehicle-confirmed:${confirmed.negotiationId}`,
        subject: 'The seller confirmed the vehicle',
        body: `The seller confirmed the ${confirmed.vehicle}, VIN ${confirmed.vin}. Your offer can now be accepted.`,
      }),
  ],
};
