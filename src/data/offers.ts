/**
 * The offers API as the screens use it (issue 6), answers validated with zod/mini. Link calls
 * go under `public/` whether or not the visitor is signed in: a shared link is its own key.
 */
import * as z from 'zod/mini';
import type { StartOffer } from '../domain/offer-fields';
import { NEGOTIATION_STATUSES, OFFER_ACTIONS } from '../domain/offer-lifecycle';
import { trackEvent } from './analytics';
import { apiRequest } from './api-client';

const role = z.enum(['buyer', 'seller']);
const vehicle = z.object({ vin: z.string(), modelYear: z.number(), make: z.nullable(z.string()), mileage: z.number() });
const latestOffer = z.object({ id: z.string(), amount: z.number(), fromRole: role, expiresAt: z.string(), madeAt: z.string() });

const summary = z.object({
  id: z.string(),
  status: z.enum(NEGOTIATION_STATUSES),
  vehicle,
  latestOffer,
  updatedAt: z.string(),
  myRole: role,
});
export type NegotiationSummary = z.infer<typeof summary>;

const negotiation = z.object({
  id: z.string(),
  status: z.enum(NEGOTIATION_STATUSES),
  vehicle,
  latestOffer,
  myRole: z.nullable(role),
  otherParty: z.nullable(z.object({ role, firstName: z.nullable(z.string()) })),
  actions: z.array(z.enum(OFFER_ACTIONS)),
  offers: z.array(z.object({ id: z.string(), amount: z.number(), fromRole: role, madeAt: z.string() })),
  timeline: z.array(z.object({ event: z.string(), by: z.string(), at: z.string() })),
  dealId: z.nullable(z.string()),
});
export type Negotiation = z.infer<typeof negotiation>;

const lists = z.object({ received: z.array(summary), sent: z.array(summary), closed: z.array(summary) });
export type OfferLists = z.infer<typeof lists>;

const linkOffer = z.object({
  status: z.enum(NEGOTIATION_STATUSES),
  vehicle,
  offer: z.object({ id: z.string(), amount: z.number(), fromRole: role, expiresAt: z.string() }),
  yourRole: role,
});
export type LinkOffer = z.infer<typeof linkOffer>;

const deal = z.object({
  id: z.string(),
  price: z.number(),
  vehicle,
  myRole: z.nullable(z.string()),
  roles: z.array(z.string()),
  transactionId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Deal = z.infer<typeof deal>;

export async function startOffer(input: StartOffer) {
  const created = await apiRequest('POST', 'offers', z.extend(negotiation, { shareUrl: z.string() }), input);
  trackEvent('offer created', { role: input.role });
  return created;
}

export const listOffers = () => apiRequest('GET', 'offers', lists);
export const getOffer = (id: string) => apiRequest('GET', `offers/${id}`, negotiation);
export const getDeal = (id: string) => apiRequest('GET', `deals/${id}`, deal);

export type ActionInput = { action: 'counter'; amount: number } | { action: 'accept' | 'decline' | 'withdraw' };

export async function actOnOffer(id: string, latestOfferId: string, input: ActionInput) {
  const answer = await apiRequest('POST', `offers/${id}/actions`, negotiation, { ...input, latestOfferId });
  if (input.action === 'accept') trackEvent('offer accepted', { dealId: answer.dealId });
  return answer;
}

export const shareOffer = (id: string) => apiRequest('POST', `offers/${id}/links`, z.object({ shareUrl: z.string() }));
export const revokeOfferLinks = (id: string) => apiRequest('DELETE', `offers/${id}/links`, z.unknown());

export const linkAccount = () => apiRequest('POST', 'offers/link-account', z.object({ negotiations: z.number(), deals: z.number() }));

/** A shared link's offer, asked without the session: the link itself is the key. */
export async function getLinkOffer(token: string): Promise<LinkOffer> {
  return publicRequest('GET', `offer-links/${encodeURIComponent(token)}`, linkOffer);
}

export async function actOnLink(
  token: string,
  latestOfferId: string,
  email: string,
  input: { action: 'counter'; amount: number } | { action: 'accept' },
) {
  const answer = await publicRequest(
    'POST',
    `offer-links/${encodeURIComponent(token)}/actions`,
    z.object({ status: z.enum(NEGOTIATION_STATUSES), dealCreated: z.boolean() }),
    {
      ...input,
      email,
      latestOfferId,
    },
  );
  if (input.action === 'accept') trackEvent('offer accepted', { viaLink: true });
  return answer;
}

function publicRequest<T>(method: 'GET' | 'POST', path: string, schema: z.ZodMiniType<T>, body?: unknown) {
  return apiRequest(method, path, schema, body, { anonymous: true }); // apiUrl adds public/
}
