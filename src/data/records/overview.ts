/**
 * What the overview reads (issue 21): the saved transactions (with their detail, for the money
 * and the documents asked for), offers, refused documents and notifications, all from IndexedDB;
 * and one refresh of all of them from the API when the overview opens.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { overviewItems } from '../../domain/overview';
import { db } from '../db';
import { isFinished } from '../../domain/sale-state';
import { refreshDocuments } from './documents';
import { refreshNotifications } from './notifications';
import { refreshOffers } from './offer-store';
import { refreshTransaction, refreshTransactions } from './transactions';

export function useOverview() {
  return useLiveQuery(async () => {
    const [transactions, negotiations, documents, notifications] = await Promise.all([
      db.transactions.toArray(),
      db.negotiations.toArray(),
      db.documents.toArray(),
      db.notifications.orderBy('createdAt').reverse().toArray(),
    ]);
    const saved = [...transactions, ...negotiations, ...notifications].map((row) => row.savedAt);
    return {
      items: overviewItems({ transactions, negotiations, refusedDocuments: documents.filter((document) => document.review === 'refused') }),
      notifications,
      /** When the oldest of what is shown was fetched; undefined when nothing is saved yet. */
      savedAt: saved.length ? Math.min(...saved) : undefined,
    };
  }, []);
}

/** Fetches everything the overview shows; throws when the API could not be reached at all. */
export async function refreshOverview(): Promise<void> {
  const results = await Promise.allSettled([
    refreshTransactions().then(async () => {
      const active = (await db.transactions.toArray()).filter((row) => !isFinished(row.sale));
      await Promise.all(active.flatMap((row) => [refreshTransaction(row.id), refreshDocuments(row.id)]));
    }),
    refreshOffers(),
    refreshNotifications(),
  ]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}
