/**
 * Writing in a deal's thread (issue 33): a message goes into the outbox with its idempotency key
 * at once (offline too), shows as "not sent yet" in the thread until the server stored it, and
 * goes out in order with every other action, exactly once (message-sender.ts).
 */
import { db } from './db';
import { requestPersistentStorage } from './install';
import { drainOutbox } from './outbox';
import type { MessageAction } from './outbox-rows';

/** Records the message now (works offline) and starts sending. */
export async function queueMessage(negotiationId: string, body: string): Promise<void> {
  const action: MessageAction = {
    kind: 'message',
    negotiationId,
    body: body.trim(),
    idempotencyKey: crypto.randomUUID(),
    createdAt: Date.now(),
    state: 'pending',
  };
  await db.outbox.add(action);
  void requestPersistentStorage();
  void drainOutbox();
}

/** Forgets a message the server would not take, once its writer has read why (their text goes back in the box). */
export async function dismissMessage(seq: number): Promise<void> {
  await db.outbox.delete(seq);
}
