/**
 * Deal threads (issue 33) in IndexedDB: a thread opened here is kept (`threads`) and read
 * offline with how old it is, with this device's messages not sent yet beside it (messages.ts).
 * Receipts (delivered, read) are sent as the thread is fetched and shown; they only ever rise,
 * so a lost one is made good by the next.
 */
import * as z from 'zod/mini';
import { threadListSchema, threadSchema, type ThreadEntry } from '../../domain/message-contract';
import { apiRequest } from '../api/api-client';
import { db } from '../db';

/**
 * Fetches the thread, saves it, and tells the server this device has it (delivered). An answer that crossed a newer
 * one on the way (a live notice's fetch beside the page's) leaves the newer one saved, as for every record kept here.
 */
export async function refreshThread(negotiationId: string): Promise<void> {
  const thread = await apiRequest('GET', `threads/${negotiationId}`, threadSchema);
  await db.transaction('rw', db.threads, async () => {
    const saved = await db.threads.get(negotiationId);
    if (!saved || saved.version <= thread.version) await db.threads.put({ ...thread, savedAt: Date.now() });
  });
  const newest = newestFromOther(thread.entries);
  if (newest) void sendSeen(negotiationId, newest, false);
}

let onScreen: string | null = null;

/** The thread the reader has in front of them (null when none): its new messages are not announced. */
export function setThreadOnScreen(negotiationId: string | null): void {
  onScreen = negotiationId;
}

export const threadOnScreen = () => onScreen;

/**
 * A live notice for a thread (live-records.ts): fetched and kept, so it reads offline. Its new
 * messages count as read only when the reader can see them — the thread open, the tab in front —
 * never from a tab in the background (the thread page marks them read when it comes back).
 */
export async function followThread(negotiationId: string): Promise<void> {
  await refreshThread(negotiationId);
  // (The service worker sends the outbox through this module too: it has no document, and never a thread on screen.)
  const page = (globalThis as { document?: { visibilityState: string } }).document;
  if (onScreen === negotiationId && page?.visibilityState === 'visible') await markThreadRead(negotiationId);
}

function newestFromOther(entries: ThreadEntry[]): number | undefined {
  const newest = entries.findLast((entry) => entry.type === 'message' && entry.by === 'other party');
  return newest?.type === 'message' ? newest.seq : undefined;
}

/** The receipts this tab sent, per thread: one that would not raise them is not sent again. */
const sentReceipts = new Map<string, { delivered: number; read: number }>();

async function sendSeen(negotiationId: string, upTo: number, read: boolean): Promise<void> {
  const sent = sentReceipts.get(negotiationId) ?? { delivered: 0, read: 0 };
  if (upTo <= (read ? sent.read : sent.delivered)) return;
  sentReceipts.set(negotiationId, { delivered: Math.max(sent.delivered, upTo), read: read ? Math.max(sent.read, upTo) : sent.read });
  await apiRequest('POST', `threads/${negotiationId}/seen`, z.unknown(), { upTo, read }).catch(() => {
    // Not sent (offline): the next fetch or view sends it again.
    sentReceipts.set(negotiationId, sent);
  });
}

/** The thread was shown to its reader: everything in it up to now is read, here and for the writer. */
export async function markThreadRead(negotiationId: string): Promise<void> {
  const thread = await db.threads.get(negotiationId);
  const newest = thread && newestFromOther(thread.entries);
  if (!thread || !newest || thread.unread === 0) return;
  await db.threads.update(negotiationId, { unread: 0 });
  await sendSeen(negotiationId, newest, true);
}

export async function reportMessage(negotiationId: string, messageId: string, reason: string): Promise<void> {
  await apiRequest('POST', `threads/${negotiationId}/messages/${messageId}/report`, z.unknown(), { reason });
  await refreshThread(negotiationId);
}

/** The user's threads, newest first (read from the API: the list is only shown online). */
export const fetchThreads = () => apiRequest('GET', 'threads', threadListSchema);
