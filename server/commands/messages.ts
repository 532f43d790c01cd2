/**
 * A party writes in a deal's thread, says how far they got in it, or reports a message
 * (issue 33). A message is sent once per idempotency key (a device that lost the answer sends it
 * again and is answered the same); the negotiation's row is locked while it is numbered, so a
 * thread's order is the order its messages committed.
 */
import { max, and, eq, ne } from 'drizzle-orm';
import type { SendMessage, SentMessage } from '../../src/domain/message-contract';
import { messages } from '../db/message-tables';
import type { UserRow } from '../kernel/access';
import { Refusal } from '../kernel/refusal';
import { appendMessage, closedBecause, markSeen, reportMessage, threadFor } from '../modules/messages/threads';
import { userKeys, type CommandContext } from './context';

export async function sendMessage(
  ctx: CommandContext,
  user: UserRow,
  negotiationId: string,
  input: SendMessage,
): Promise<{ result: SentMessage; replayed: boolean }> {
  const key = {
    owner: userKeys(user),
    key: input.idempotencyKey,
    command: 'send message',
    request: { negotiationId, body: input.body, attachmentUploadId: input.attachmentUploadId ?? null },
    label: 'Sending a message',
  };
  return ctx.run({ key }, async (uow) => {
    const thread = await threadFor(uow.tx, negotiationId, user, true);
    if (!thread.side) throw new Refusal(403, 'Only the buyer and the seller can write in this conversation.');
    const closed = closedBecause(thread);
    if (closed) throw new Refusal(409, closed);
    const row = await appendMessage(uow.tx, thread, user, input);
    uow.emit('message.sent', { negotiationId, messageId: row.id, seq: row.seq });
    return { id: row.id, seq: row.seq, at: row.at.toISOString(), offPlatformPayment: row.offPlatformPayment };
  });
}

/** The reader's device has the thread up to `upTo` (and showed it, when `read`); receipts only rise. */
export async function markThreadSeen(
  ctx: CommandContext,
  user: UserRow,
  negotiationId: string,
  seen: { upTo: number; read: boolean },
): Promise<void> {
  await ctx.run({}, async (uow) => {
    const thread = await threadFor(uow.tx, negotiationId, user);
    if (!thread.side) return; // an admin reading a reported thread leaves no receipt
    // Never past the newest message the other party wrote: a receipt for one not written yet would mark it read.
    const [newest] = await uow.tx
      .select({ seq: max(messages.seq) })
      .from(messages)
      .where(and(eq(messages.negotiationId, negotiationId), ne(messages.authorUserId, user.id)));
    const upTo = Math.min(seen.upTo, newest?.seq ?? 0);
    if (upTo > 0 && (await markSeen(uow.tx, negotiationId, user.id, upTo, seen.read))) uow.emit('thread.seen', { negotiationId });
  });
}

export async function reportThreadMessage(
  ctx: CommandContext,
  user: UserRow,
  negotiationId: string,
  messageId: string,
  reason: string,
): Promise<void> {
  await ctx.run({}, async (uow) => {
    const thread = await threadFor(uow.tx, negotiationId, user);
    if (!thread.side) throw new Refusal(403, 'Only the buyer and the seller can report a message in this conversation.');
    await reportMessage(uow.tx, negotiationId, messageId, user, reason);
    uow.emit('message.reported', { negotiationId, messageId, reason });
  });
}
