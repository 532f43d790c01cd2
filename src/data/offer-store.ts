/**
 * Offers from the API into IndexedDB (DESIGN.md §4 read path): the dashboard reads the saved
 * negotiations, offline too, with how old they are. A refresh keeps the rows whose actions are
 * still waiting in the outbox: they show the user's action until the server answers it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { negotiationSchema, OFFER_LISTS, offerListOf, offerListsSchema, type NegotiationSummary } from '../domain/offer-contract';
import { apiRequest } from './api-client';
import { db } from './db';
import type { CachedNegotiation } from './offer-records';

/** Replaces the saved negotiations with the API's lists. */
export async function refreshOffers(): Promise<void> {
  const lists = await apiRequest('GET', 'offers', offerListsSchema);
  const savedAt = Date.now();
  await db.transaction('rw', db.negotiations, db.outbox, async () => {
    const known = new Map((await db.negotiations.toArray()).map((row) => [row.id, row]));
    const waiting = new Set(
      (await db.outbox.toArray()).flatMap((row) => (row.kind === 'offer' && row.state === 'pending' ? [row.negotiationId] : [])),
    );
    const fresh = OFFER_LISTS.flatMap((list) =>
      lists[list].map((summary) => {
        const saved = known.get(summary.id);
        if (saved && waiting.has(summary.id)) return { ...saved, savedAt };
        return { ...summary, list, savedAt, shareUrl: saved?.shareUrl, linksOffAt: saved?.linksOffAt, startedWith: saved?.startedWith };
      }),
    );
    const drafts = [...known.values()].filter((row) => waiting.has(row.id) && !fresh.some((kept) => kept.id === row.id));
    await db.negotiations.clear();
    await db.negotiations.bulkPut([...fresh, ...drafts]);
  });
}

/** Saves one negotiation as the server answered it (keeping the link this device made for it). */
export async function storeNegotiation(negotiation: NegotiationSummary, extra: Partial<CachedNegotiation> = {}): Promise<void> {
  const saved = await db.negotiations.get(negotiation.id);
  await db.negotiations.put({
    shareUrl: saved?.shareUrl,
    linksOffAt: saved?.linksOffAt,
    startedWith: saved?.startedWith,
    ...negotiation,
    ...extra,
    list: offerListOf(negotiation),
    savedAt: Date.now(),
  });
}

/** Fetches one negotiation and saves it, unless an action of the user's on it is still waiting (its answer will). */
export async function refreshNegotiation(id: string): Promise<void> {
  const waiting = await db.outbox
    .where('negotiationId')
    .equals(id)
    .filter((row) => row.state === 'pending')
    .count();
  if (waiting) return;
  const negotiation = await apiRequest('GET', `offers/${id}`, negotiationSchema);
  await storeNegotiation({ ...negotiation, myRole: negotiation.myRole! });
}

/** The saved negotiations by list, newest first; undefined while IndexedDB answers. */
export function useSavedOffers(): Record<(typeof OFFER_LISTS)[number], CachedNegotiation[]> | undefined {
  return useLiveQuery(async () => {
    const rows = (await db.negotiations.toArray()).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return Object.fromEntries(OFFER_LISTS.map((list) => [list, rows.filter((row) => row.list === list)])) as Record<
      (typeof OFFER_LISTS)[number],
      CachedNegotiation[]
    >;
  }, []);
}
