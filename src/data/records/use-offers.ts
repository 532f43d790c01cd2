/** What the offers dashboard reads of the saved offers, apart from offer-store.ts, which the service worker carries without React. */
import { useLiveQuery } from 'dexie-react-hooks';
import { OFFER_LISTS } from '../../domain/offer-contract';
import { db } from '../db';
import type { CachedNegotiation } from './offer-records';

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
