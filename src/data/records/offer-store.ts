/**
 * Offers from the API into IndexedDB (DESIGN.md §4 read path): the dashboard reads the saved
 * negotiations, offline too, with how old they are. A refresh keeps the rows whose actions are
 * still waiting in the outbox: they show the user's action until the server answers it.
 */
import {
  negotiationSchema,
  OFFER_LISTS,
  offerListOf,
  offerListsSchema,
  type NegotiationSummary,
  type OfferLists,
} from '../../domain/offer-contract';
import { apiRequest } from '../api/api-client';
import { db } from '../db';
import type { CachedNegotiation } from './offer-records';

/** Replaces the saved negotiations with the API's lists. */
export async function refreshOffers(): Promise<void> {
  const askedAt = Date.now();
  await saveOfferLists(await apiRequest('GET', 'offers', offerListsSchema), askedAt);
}

/**
 * Saves the API's lists, asked for at `askedAt`, as the negotiations this device keeps. Answers can cross: a list asked
 * for before a newer answer was saved (a new offer's own answer, a live notice's fetch) cannot know of it, so an older
 * list never drops or rolls back what was saved after it was asked for, nor a row whose action still waits.
 */
export async function saveOfferLists(lists: OfferLists, askedAt: number): Promise<void> {
  const savedAt = Date.now();
  await db.transaction('rw', db.negotiations, db.outbox, async () => {
    const known = new Map((await db.negotiations.toArray()).map((row) => [row.id, row]));
    const waiting = new Set(
      (await db.outbox.toArray()).flatMap((row) => (row.kind === 'offer' && row.state === 'pending' ? [row.negotiationId] : [])),
    );
    // A row whose action waits shows that action on top of the server's copy; one saved since is at least as new.
    const newer = (row: CachedNegotiation, listedVersion = 0) =>
      waiting.has(row.id) || (row.savedAt > askedAt && row.version >= listedVersion);
    const fresh = OFFER_LISTS.flatMap((list) =>
      lists[list].map((summary) => {
        const saved = known.get(summary.id);
        if (saved && newer(saved, summary.version)) return { ...saved, savedAt };
        return { ...summary, list, savedAt, shareUrl: saved?.shareUrl, linksOffAt: saved?.linksOffAt, startedWith: saved?.startedWith };
      }),
    );
    const listed = new Set(fresh.map((row) => row.id));
    const kept = [...known.values()].filter((row) => !listed.has(row.id) && newer(row));
    await db.negotiations.clear();
    await db.negotiations.bulkPut([...fresh, ...kept]);
  });
}

/** Saves one negotiation as the server answered it (keeping the link this device made for it). */
export async function storeNegotiation(negotiation: NegotiationSummary, extra: Partial<CachedNegotiation> = {}): Promise<void> {
  // Read and written in one transaction, so a copy saved meanwhile (a new offer's own answer) is never written over unseen.
  await db.transaction('rw', db.negotiations, async () => {
    const saved = await db.negotiations.get(negotiation.id);
    // An older answer never rolls back a newer copy: the live notice that brought the newer one was already used.
    const newest = saved && saved.version > negotiation.version ? saved : negotiation;
    await db.negotiations.put({
      shareUrl: saved?.shareUrl,
      linksOffAt: saved?.linksOffAt,
      startedWith: saved?.startedWith,
      ...newest,
      ...extra,
      list: offerListOf(newest),
      savedAt: Date.now(),
    });
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
