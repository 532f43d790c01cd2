/** Sends a message the outbox holds with its idempotency key, and puts what the server stored in its place. */
import { sentMessageSchema, type ThreadEntry } from '../domain/message-contract';
import { apiRequest } from './api-client';
import { db } from './db';
import type { MessageAction } from './outbox-rows';
import { deliver } from './outbox-delivery';

/** Sends a queued message; the stored message takes its place in the saved thread in the same IndexedDB transaction. */
export async function sendMessageAction(row: MessageAction): Promise<'sent' | 'offline' | { refused: string }> {
  const delivery = await deliver(() =>
    apiRequest('POST', `threads/${row.negotiationId}/messages`, sentMessageSchema, { body: row.body, idempotencyKey: row.idempotencyKey }),
  );
  if (delivery.outcome !== 'sent') return delivery.outcome === 'refused' ? { refused: delivery.reason } : 'offline';
  const sent = delivery.answer;
  await db.transaction('rw', db.threads, db.outbox, async () => {
    await db.outbox.delete(row.seq!);
    const thread = await db.threads.get(row.negotiationId);
    if (!thread || thread.entries.some((entry) => entry.id === sent.id)) return;
    const entry: ThreadEntry = { type: 'message', by: 'you', body: row.body, reported: false, ...sent };
    await db.threads.put({ ...thread, entries: [...thread.entries, entry] });
  });
  return 'sent';
}
