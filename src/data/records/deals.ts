/**
 * Deals from the API into IndexedDB (DESIGN.md §4 read path): what was agreed, the user's own
 * side, and where the other party stands. The seller's deal page and the "other party" line of a
 * transaction read the saved deal, so they follow live notices (live.ts) and read offline.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { dealSchema, type Deal } from '../../domain/offer-contract';
import { apiRequest } from '../api/api-client';
import { db, type CachedDeal } from '../db';

/** Fetches and saves a deal; an answer that crossed a newer one on the way leaves the newer one saved. */
export async function refreshDeal(id: string): Promise<Deal> {
  const deal = await apiRequest('GET', `deals/${id}`, dealSchema);
  await db.transaction('rw', db.deals, async () => {
    const saved = await db.deals.get(id);
    if (!saved || saved.version <= deal.version) await db.deals.put({ ...deal, savedAt: Date.now() });
  });
  return deal;
}

/** The saved deal (null when none is saved under that id). */
export function useDeal(id: string | undefined): CachedDeal | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.deals.get(id)) ?? null) : null), [id]);
}
