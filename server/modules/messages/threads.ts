/**
 * A deal's thread (src/domain/message-contract.ts): who may read and write it, when it closes,
 * and its rows. A thread belongs to a negotiation, so it is open to the negotiation's two parties
 * from the first offer to the end of the deal it becomes; a cancelled sale or an offer that ended
 * without a deal leaves it readable and closed.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { asksToPayOffPlatform } from '../../../src/domain/message-safety';
import type { PartyRole } from '../../../src/domain/offer-lifecycle';
import type { Database } from '../../db/client';
import { messageReports, messages, threadReads } from '../../db/message-tables';
import { deals, negotiations, transactions, uploads } from '../../db/schema';
import type { UserRow } from '../../kernel/access';
import type { Tx } from '../../kernel/event-log';
import { Refusal } from '../../kernel/refusal';
import { sideOf, type NegotiationRow } from '../offers/negotiation-records';

export const THREAD_NOT_FOUND = 'Conversation not found.';

export type MessageRow = typeof messages.$inferSelect;

export interface ThreadAccess {
  negotiation: NegotiationRow;
  deal: typeof deals.$inferSelect | null;
  /** The reader's side; null for an admin reading a reported thread. */
  side: PartyRole | null;
}

/** Whether an admin may read the thread: someone on it reported one of its messages. */
async function reported(tx: Tx | Database, negotiationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ messageId: messageReports.messageId })
    .from(messageReports)
    .innerJoin(messages, eq(messages.id, messageReports.messageId))
    .where(eq(messages.negotiationId, negotiationId))
    .limit(1);
  return Boolean(row);
}

/**
 * The thread as `user` may reach it: its parties always, an admin once a message in it was
 * reported; anyone else is told it does not exist (404, as for an offer that is not theirs).
 * `lock` takes the negotiation's row for the rest of the transaction, so messages get their
 * numbers in the order they commit.
 */
export async function threadFor(tx: Tx | Database, negotiationId: string, user: UserRow, lock = false): Promise<ThreadAccess> {
  const query = tx.select().from(negotiations).where(eq(negotiations.id, negotiationId));
  const [negotiation] = lock ? await query.for('update') : await query;
  const side = negotiation ? (sideOf(negotiation, user) ?? null) : null;
  if (!negotiation || (!side && !(user.type === 'admin' && (await reported(tx, negotiationId))))) throw new Refusal(404, THREAD_NOT_FOUND);
  const [deal] = await tx.select().from(deals).where(eq(deals.negotiationId, negotiationId));
  return { negotiation, deal: deal ?? null, side };
}

const ENDED: Partial<Record<NegotiationRow['status'], string>> = {
  declined: 'This offer was declined, so the conversation is closed. You can still read it.',
  withdrawn: 'This offer was withdrawn, so the conversation is closed. You can still read it.',
  expired: 'This offer expired, so the conversation is closed. You can still read it.',
  closed: 'The seller accepted another offer for this car, so the conversation is closed. You can still read it.',
};

/** Why nobody can write in the thread any more, or null while it is open. */
export function closedBecause({ negotiation, deal }: Pick<ThreadAccess, 'negotiation' | 'deal'>): string | null {
  if (deal?.cancelledAt) return 'This sale was cancelled, so the conversation is closed. You can still read it.';
  if (deal) return null;
  return ENDED[negotiation.status] ?? null;
}

/** The other party's account, for the notices and the unread mail; null until they have one. */
export function otherPartyOf(negotiation: NegotiationRow, side: PartyRole): string | null {
  return side === 'buyer' ? negotiation.sellerUserId : negotiation.buyerUserId;
}

/**
 * The file a message sends: one of the author's own finished uploads into the `message-attachment`
 * slot of their side of this thread's deal, that passed its first look (review.ts).
 */
async function attachable(tx: Tx, thread: ThreadAccess, author: UserRow, uploadId: string): Promise<string> {
  const [row] = await tx
    .select({ upload: uploads, dealId: transactions.dealId })
    .from(uploads)
    .innerJoin(transactions, eq(transactions.id, uploads.transactionId))
    .where(and(eq(uploads.id, uploadId), eq(uploads.userId, author.id), eq(uploads.slot, 'message-attachment')));
  if (!row || !thread.deal || row.dealId !== thread.deal.id || row.upload.status !== 'completed')
    throw new Refusal(422, 'That file is not one of your finished uploads in this sale. Send it again.');
  if (row.upload.review === 'refused') throw new Refusal(422, row.upload.refusalReason ?? 'That file could not be read. Send another.');
  return row.upload.id;
}

export async function appendMessage(
  tx: Tx,
  thread: ThreadAccess,
  author: UserRow,
  message: { body: string; attachmentUploadId?: string },
): Promise<MessageRow> {
  const negotiationId = thread.negotiation.id;
  const attachmentUploadId = message.attachmentUploadId ? await attachable(tx, thread, author, message.attachmentUploadId) : null;
  const [row] = await tx
    .insert(messages)
    .values({
      negotiationId,
      authorUserId: author.id,
      body: message.body,
      attachmentUploadId,
      offPlatformPayment: asksToPayOffPlatform(message.body),
    })
    .returning();
  // Writing is reading: everything before your own message has been seen.
  await markSeen(tx, negotiationId, author.id, row!.seq, true);
  return row!;
}

/** Raises how far `userId` got in the thread (never lowers it); answers whether anything rose. */
export async function markSeen(tx: Tx, negotiationId: string, userId: string, upTo: number, read: boolean): Promise<boolean> {
  const rows = await tx
    .insert(threadReads)
    .values({ negotiationId, userId, deliveredSeq: upTo, readSeq: read ? upTo : 0 })
    .onConflictDoUpdate({
      target: [threadReads.negotiationId, threadReads.userId],
      set: {
        deliveredSeq: sql`greatest(${threadReads.deliveredSeq}, excluded.delivered_seq)`,
        readSeq: sql`greatest(${threadReads.readSeq}, excluded.read_seq)`,
      },
      setWhere: sql`${threadReads.deliveredSeq} < excluded.delivered_seq or ${threadReads.readSeq} < excluded.read_seq`,
    })
    .returning({ userId: threadReads.userId });
  return rows.length > 0;
}

/** Whether `user` may read the upload `uploadId` because it was sent in a thread they are a party to. */
export async function sentToThem(tx: Tx | Database, user: UserRow, uploadId: string): Promise<boolean> {
  const [row] = await tx
    .select({ negotiationId: messages.negotiationId })
    .from(messages)
    .innerJoin(negotiations, eq(negotiations.id, messages.negotiationId))
    .where(
      and(eq(messages.attachmentUploadId, uploadId), or(eq(negotiations.sellerUserId, user.id), eq(negotiations.buyerUserId, user.id))),
    )
    .limit(1);
  return Boolean(row);
}

/** Records `user`'s report of a message in the thread (once per reporter); answers the message. */
export async function reportMessage(tx: Tx, negotiationId: string, messageId: string, user: UserRow, reason: string): Promise<MessageRow> {
  const [message] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.negotiationId, negotiationId)));
  if (!message) throw new Refusal(404, 'Message not found.');
  if (message.authorUserId === user.id) throw new Refusal(422, 'You cannot report your own message.');
  await tx.insert(messageReports).values({ messageId, reporterUserId: user.id, reason }).onConflictDoNothing();
  return message;
}
