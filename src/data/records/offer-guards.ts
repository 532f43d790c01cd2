/**
 * The `deal` and `offer` guards' decisions (SPEC §2.8; their rules are ours). A deal route needs a
 * deal this user is a party to — and the seller's deal page, its seller (a buyer goes to their own
 * transaction). An offer route needs an offer this user is a party to (`?offer=`, or `?started=`
 * for one started on this device that the server may not have yet); once it made a deal, the
 * party goes to the deal. A success page names its deal. Anyone else goes to their offers, told
 * that it was not found. Decided from IndexedDB at once on any connection (issue 56), the API's copy fetched behind
 * it; only a record with nothing saved waits for the API, for a moment at most.
 */
import { transactionEntry } from '../../domain/transaction-steps';
import { ApiError } from '../api/api-client';
import { db } from '../db';
import { refreshDeal } from './deals';
import { refreshNegotiation } from './offer-store';

export const OFFERS_PATH = '/dashboard/caramel-offers';
export const OFFER_SUCCESS_PATHS = ['/dashboard/caramel-offers/success', '/transaction/offer/success'];
const NOTHING_SAVED_WAIT_MS = 8000;

const notFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * Fetches the API's copy into IndexedDB. A saved copy decides at once ('kept'); with none, the answer is waited for,
 * for a moment at most: 'gone' when the API says it is not this user's.
 */
async function freshen(refresh: () => Promise<unknown>, saved: boolean): Promise<'gone' | 'kept'> {
  const fetched = refresh().then(
    () => 'kept' as const,
    (error: unknown) => (notFound(error) ? ('gone' as const) : ('kept' as const)),
  );
  if (saved || !navigator.onLine) return 'kept';
  return Promise.race([fetched, new Promise<'kept'>((resolve) => setTimeout(() => resolve('kept'), NOTHING_SAVED_WAIT_MS))]);
}

/** Said of a deal that is not this user's: the route does not exist for them. */
export const NOT_FOUND = 'not found';

/** Where to send the user instead of a deal route, NOT_FOUND, or null when they may see it. */
export async function dealRedirect(url: URL, dealId: string | null | undefined): Promise<string | null> {
  if (!dealId) return OFFERS_PATH;
  if ((await freshen(() => refreshDeal(dealId), Boolean(await db.deals.get(dealId)))) === 'gone') return NOT_FOUND;
  const deal = await db.deals.get(dealId);
  if (!deal) return null; // offline and never opened here: the page says so
  if (url.pathname.endsWith('/seller') && deal.myRole !== 'seller')
    return deal.transactionId ? transactionEntry(deal.transactionId) : NOT_FOUND;
  return null;
}

/** Where to send the user instead of an offer route, or null when they may see it. */
export async function offerRedirect(url: URL): Promise<string | null> {
  const success = OFFER_SUCCESS_PATHS.includes(url.pathname);
  const started = url.searchParams.get('started');
  const id = url.searchParams.get('offer');
  if (started && !id) {
    const row = (await db.negotiations.toArray()).find((candidate) => candidate.startedWith === started);
    if (!row) return `${OFFERS_PATH}?missing=offer`;
    // Still a draft (not sent yet): the page follows it until the server has it.
    return row.id.startsWith('draft-') ? null : `${url.pathname}?offer=${row.id}`;
  }
  if (!id) return success ? dealRedirect(url, url.searchParams.get('deal')) : OFFERS_PATH;
  if ((await freshen(() => refreshNegotiation(id), Boolean(await db.negotiations.get(id)))) === 'gone')
    return `${OFFERS_PATH}?missing=offer`;
  const row = await db.negotiations.get(id);
  if (!row) return null;
  if (row.status === 'accepted' && row.dealId) return `${OFFER_SUCCESS_PATHS[0]}?deal=${row.dealId}`;
  return success ? OFFERS_PATH : null;
}
