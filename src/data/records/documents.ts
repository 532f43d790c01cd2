/**
 * The documents the signed-in user uploaded, as the API lists them, kept in IndexedDB so the
 * documents screen reads offline. Presigned read URLs expire after 900 s (SPEC §9), so none is
 * stored: opening a document asks the API for a fresh one.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { documentListSchema, documentReadSchema, type StoredDocument } from '../../domain/upload-contract';
import { apiRequest } from '../api/api-client';
import { db } from '../db';

/** A document as saved on this device: what the API lists, without its expiring URL. */
export type CachedDocument = StoredDocument;

/** Replaces the saved documents of a transaction with the API's list (every page). */
export async function refreshDocuments(transactionId: string): Promise<void> {
  const { documents } = await apiRequest('GET', `documents?transactionId=${transactionId}&pageSize=ALL`, documentListSchema);
  await db.transaction('rw', db.documents, async () => {
    await db.documents.where('transactionId').equals(transactionId).delete();
    await db.documents.bulkPut(documents.map(({ url: _expires, ...document }) => document));
  });
}

export function useDocuments(transactionId: string | undefined): CachedDocument[] | undefined {
  return useLiveQuery(
    async () =>
      transactionId
        ? (await db.documents.where('transactionId').equals(transactionId).toArray()).sort((a, b) =>
            (b.completedAt ?? '').localeCompare(a.completedAt ?? ''),
          )
        : [],
    [transactionId],
  );
}

export function useDocument(id: string | null): CachedDocument | undefined | null {
  return useLiveQuery(async () => (id ? ((await db.documents.get(id)) ?? null) : null), [id]);
}

/** A fresh read URL for one of the user's documents. */
export async function documentUrl(key: string): Promise<string> {
  const { url } = await apiRequest('GET', `documents/object?key=${encodeURIComponent(key)}`, documentReadSchema);
  return url;
}
