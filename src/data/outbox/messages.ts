/**
 * Writing in a deal's thread (issue 33): a message goes into the outbox with its idempotency key
 * at once (offline too), shows as "not sent yet" in the thread until the server stored it, and
 * goes out in order with every other action, exactly once (message-sender.ts). A file goes through
 * the resumable uploader first.
 */
import { db } from '../db';
import { requestPersistentStorage } from '../device/install';
import { drainOutbox } from './outbox';
import type { MessageAction } from './outbox-rows';
import { addUpload } from '../device/uploads';

/** Records the message now (works offline) and starts sending. */
export async function queueMessage(negotiationId: string, body: string, attachment?: MessageAction['attachment']): Promise<void> {
  const action: MessageAction = {
    kind: 'message',
    negotiationId,
    body: body.trim(),
    ...(attachment ? { attachment } : {}),
    idempotencyKey: crypto.randomUUID(),
    createdAt: Date.now(),
    state: 'pending',
  };
  await db.outbox.add(action);
  void requestPersistentStorage();
  void drainOutbox();
}

/**
 * Sends `file` (with `caption`) in the thread: it is uploaded into the reader's side of the deal by
 * the resumable uploader (a lost connection pauses it, the connection back resumes it), and the
 * message goes out once the upload finished.
 */
export async function sendFile(negotiationId: string, transactionId: string, file: File, caption: string): Promise<void> {
  const taskId = await addUpload(transactionId, 'message-attachment', file);
  await queueMessage(negotiationId, caption, { taskId, fileName: file.name, contentType: file.type, size: file.size });
}

/** Forgets a message the server would not take, once its writer has read why (their text goes back in the box). */
export async function dismissMessage(seq: number): Promise<void> {
  await db.outbox.delete(seq);
}
