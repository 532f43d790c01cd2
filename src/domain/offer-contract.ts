/**
 * What the offers API answers, typed once (zod/mini): the server builds its answers against these
 * types, the app parses with them and keeps the lists in IndexedDB as they arrive.
 */
import * as z from 'zod/mini';
import { NEGOTIATION_STATUSES, OFFER_ACTIONS, type NegotiationStatus, type PartyRole } from './offer-lifecycle';
import { payoutSchema, stepStateSchema, vehicleSchema } from './transaction-contract';

const role = z.enum(['buyer', 'seller']);

/**
 * A vehicle under offer: a buyer may describe one without its VIN, and until its seller confirms
 * it (`confirmed`) no deal can be made on it.
 */
export const offerVehicleSchema = z.extend(vehicleSchema, { vin: z.nullable(z.string()), confirmed: z.boolean() });
export type OfferVehicle = z.infer<typeof offerVehicleSchema>;
const latestOffer = z.object({ id: z.string(), amount: z.number(), fromRole: role, expiresAt: z.string(), madeAt: z.string() });

export const negotiationSummarySchema = z.object({
  id: z.string(),
  status: z.enum(NEGOTIATION_STATUSES),
  vehicle: offerVehicleSchema,
  latestOffer,
  updatedAt: z.string(),
  /** The server's version: it rises with each change the parties see (DESIGN.md §11). */
  version: z.number(),
  myRole: role,
  /** The deal an accepted negotiation made. */
  dealId: z.nullable(z.string()),
  /** Started by someone who typed this user's Caramel code. */
  viaMyCode: z.boolean(),
});
export type NegotiationSummary = z.infer<typeof negotiationSummarySchema>;

export const negotiationSchema = z.object({
  id: z.string(),
  status: z.enum(NEGOTIATION_STATUSES),
  vehicle: offerVehicleSchema,
  latestOffer,
  updatedAt: z.string(),
  /** The server's version: it rises with each change the parties see (DESIGN.md §11). */
  version: z.number(),
  myRole: z.nullable(role),
  otherParty: z.nullable(z.object({ role, firstName: z.nullable(z.string()) })),
  actions: z.array(z.enum(OFFER_ACTIONS)),
  offers: z.array(z.object({ id: z.string(), amount: z.number(), fromRole: role, madeAt: z.string() })),
  timeline: z.array(z.object({ event: z.string(), by: z.enum(['you', 'other party', 'system']), payload: z.unknown(), at: z.string() })),
  dealId: z.nullable(z.string()),
  viaMyCode: z.boolean(),
});
export type Negotiation = z.infer<typeof negotiationSchema>;

/** POST /offers: the negotiation and, the first time only, the link to share (only its hash is kept). */
export const startedOfferSchema = z.extend(negotiationSchema, { shareUrl: z.nullable(z.string()), replayed: z.boolean() });

export const OFFER_LISTS = ['received', 'sent', 'closed'] as const;
export type OfferList = (typeof OFFER_LISTS)[number];
export const offerListsSchema = z.object({
  received: z.array(negotiationSummarySchema),
  sent: z.array(negotiationSummarySchema),
  closed: z.array(negotiationSummarySchema),
});
export type OfferLists = z.infer<typeof offerListsSchema>;

/** Which list a negotiation sits in: waiting for my answer, waiting for theirs, or over. */
export function offerListOf(negotiation: {
  status: NegotiationStatus;
  myRole: PartyRole;
  latestOffer: { fromRole: PartyRole };
}): OfferList {
  if (negotiation.status !== 'open') return 'closed';
  return negotiation.latestOffer.fromRole === negotiation.myRole ? 'sent' : 'received';
}

export const linkMadeSchema = z.object({ shareUrl: z.nullable(z.string()), replayed: z.boolean() });

/** `/link-offer`: how many offers and deals made for the account's e-mail became its own. */
export const linkAccountAnswerSchema = z.object({ negotiations: z.number(), deals: z.number() });
export type LinkAccountAnswer = z.infer<typeof linkAccountAnswerSchema>;

/** A visitor's answer through a shared link: where the offer stands, and whether it made a deal. */
export const linkActionAnswerSchema = z.object({ status: z.enum(NEGOTIATION_STATUSES), dealCreated: z.boolean() });

/** The dashboard's counts. */
export const dashboardCountsSchema = z.object({
  activeTransactions: z.object({ total: z.int().check(z.minimum(0)) }),
  offers: z.object({ total: z.int().check(z.minimum(0)) }),
  previousTransactions: z.object({ total: z.int().check(z.minimum(0)) }),
  /** Messages from the other party of an offer or a deal the user has not seen (issue 33). */
  unreadMessages: z.optional(z.object({ total: z.int().check(z.minimum(0)) })),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

export const linkOfferSchema = z.object({
  status: z.enum(NEGOTIATION_STATUSES),
  vehicle: offerVehicleSchema,
  offer: z.object({ id: z.string(), amount: z.number(), fromRole: role, expiresAt: z.string() }),
  yourRole: role,
});
export type LinkOffer = z.infer<typeof linkOfferSchema>;

export const dealSchema = z.object({
  id: z.string(),
  price: z.number(),
  vehicle: vehicleSchema,
  /** A partner's deal: where it was listed, the partner's reference and whether its terms had the buyer pay first. */
  partner: z.nullable(z.object({ uid: z.string(), source: z.string(), buyerPaysFirst: z.boolean() })),
  myRole: z.nullable(z.string()),
  roles: z.array(z.string()),
  transactionId: z.nullable(z.string()),
  createdAt: z.string(),
  /** For the seller: what they are paid, as their transaction stands. */
  payout: z.nullable(payoutSchema),
  /** Both sides' transaction versions added up: it grows whenever either side moves (live notices carry it). */
  version: z.number(),
  /** Where the other side stands, in words and steps; null before the deal has a transaction for them. */
  otherParty: z.nullable(
    z.object({
      role: role,
      firstName: z.nullable(z.string()),
      progress: z.string(),
      steps: z.array(stepStateSchema),
      updatedAt: z.string(),
      completedAt: z.nullable(z.string()),
    }),
  ),
});
export type Deal = z.infer<typeof dealSchema>;
