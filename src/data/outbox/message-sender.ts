/**
 * Sends a message the outbox holds with its idempotency key, and puts what the server stored in its
 * place; one whose file is still uploading waits ('waiting'), and holds back the thread's later messages.
 */
import { sentMessageSchema, type ThreadEntry } from '../../domain/message-contract';
import { apiRequest } from '../api/api-client';
import { db } from '../db';
import type { MessageAction } from './outbox-rows';
import { uploadDb } from '../../../workers/upload-store';
import { deliver } from './outbox-delivery';

/** Sends a queued message; the stored message takes its place in the saved thread in the same IndexedDB transaction. */
export async function sendMessageAction(row: MessageAction): Promise<'sent' | 'offline' | 'waiting' | { refused: string }> {
  const task = row.attachment && (await uploadDb.tasks.get(row.attachment.taskId));
  if (row.attachment && (!task || task.status === 'cancelled'))
    return { refused: `${row.attachment.fileName} was not uploaded, so it was not sent.` };
  if (task && (task.status !== 'completed' || !task.uploadId)) return 'waiting';
  const delivery = await deliver(() =>
    apiRequest('POST', `threads/${row.negotiationId}/messages`, sentMessageSchema, {
      body: row.body,
      ...(task ? { attachmentUploadId: task.uploadId } : {}),
      idempotencyKey: row.idempotencyKey,
    }),
  );
  if (delivery.outcome !== 'sent') return delivery.outcome === 'refused' ? { refused: delivery.reason } : 'offline';
  const sent = delivery.answer;
  await db.transaction('rw', db.threads, db.outbox, async () => {
    await db.outbox.delete(row.seq!);
    const thread = await db.threads.get(row.negotiationId);
    if (!thread || thread.entries.some((entry) => entry.id === sent.id)) return;
    const file = row.attachment;
    const attachment =
      file && task?.key ? { key: task.key, fileName: file.fileName, contentType: file.contentType, size: file.size } : null;
    const side = thread.myRole ?? 'buyer';
    const entry: ThreadEntry = { type: 'message', by: 'you', side, body: row.body, reported: false, attachment, ...sent };
    await db.threads.put({ ...thread, entries: [...thread.entries, entry] });
  });
  return 'sent';
}
