/**
 * The offers calls that need the network as they happen: a shared link's offer and the
 * answer a visitor gives through it, and attaching what was done by e-mail to the account. Link
 * calls go under `public/` whether or not the visitor is signed in: a shared link is its own key.
 * A signed-in party's own offer actions go through the outbox instead (offer-actions.ts).
 */
import * as z from 'zod/mini';
import {
  dashboardCountsSchema,
  linkAccountAnswerSchema,
  linkActionAnswerSchema,
  linkOfferSchema,
  type LinkOffer,
} from '../../domain/offer-contract';
import { trackEvent } from '../device/analytics';
import { apiRequest } from './api-client';

export type { LinkOffer };

export const linkAccount = () => apiRequest('POST', 'offers/link-account', linkAccountAnswerSchema);

/** What the account holds: open offers, sales in progress and finished ones. */
export const accountCounts = () => apiRequest('GET', 'dashboard', dashboardCountsSchema);

/** A shared link's offer, asked without the session: the link itself is the key. */
export async function getLinkOffer(token: string): Promise<LinkOffer> {
  return publicRequest('GET', `offer-links/${encodeURIComponent(token)}`, linkOfferSchema);
}

export async function actOnLink(
  token: string,
  latestOfferId: string,
  email: string,
  input: { action: 'counter'; amount: number } | { action: 'accept' },
) {
  const answer = await publicRequest('POST', `offer-links/${encodeURIComponent(token)}/actions`, linkActionAnswerSchema, {
    ...input,
    email,
    latestOfferId,
  });
  if (input.action === 'accept') trackEvent('offer accepted', { viaLink: true });
  return answer;
}

function publicRequest<T>(method: 'GET' | 'POST', path: string, schema: z.ZodMiniType<T>, body?: unknown) {
  return apiRequest(method, path, schema, body, { anonymous: true }); // apiUrl adds public/
}
