/**
 * A deal's thread as one of its parties reads it (src/domain/message-contract.ts): its messages,
 * the negotiation's offers as cards and, once there is a deal, the steps either party completed
 * and the deal's milestones from its timeline, merged by time; with how far each reader got. And
 * the list of a user's threads with what is unread in each.
 */
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Thread, ThreadEntry, ThreadList } from '../../src/domain/message-contract';
import { vehicleName } from '../../src/domain/offer-format';
import type { Database } from '../db/client';
import { messageReports, messages, threadReads } from '../db/message-tables';
import { deals, negotiations, offers, transactions, uploads, users, vehicles } from '../db/schema';
import type { UserRow } from '../kernel/access';
import { Refusal } from '../kernel/refusal';
import { closedBecause, otherPartyOf, threadFor } from '../modules/messages/threads';
import { dealTimeline } from './deal-timeline';

/** The timeline's kinds a thread shows: what a party did, the documents, the deal's own milestones. */
const TOLD_IN_THREAD = new Set(['step', 'signature', 'deal']);

async function firstName(db: Database, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return row?.firstName ?? null;
}

export async function threadView(db: Database, negotiationId: string, reader: UserRow): Promise<Thread> {
  const access = await threadFor(db, negotiationId, reader);
  const { negotiation, deal, side } = access;
  const role = side ?? 'buyer';
  const other = otherPartyOf(negotiation, role);
  const by = (authorUserId: string | null) => (authorUserId === reader.id ? ('you' as const) : ('other party' as const));
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, negotiation.vehicleId));
  const [own] = deal
    ? await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.dealId, deal.id), eq(transactions.side, role)))
    : [];
  const written = await db
    .select({ message: messages, reported: messageReports.messageId, attachment: uploads })
    .from(messages)
    .leftJoin(messageReports, and(eq(messageReports.messageId, messages.id), eq(messageReports.reporterUserId, reader.id)))
    .leftJoin(uploads, eq(uploads.id, messages.attachmentUploadId))
    .where(eq(messages.negotiationId, negotiationId))
    .orderBy(asc(messages.seq));
  const chain = await db.select().from(offers).where(eq(offers.negotiationId, negotiationId)).orderBy(asc(offers.createdAt));
  const entries: ThreadEntry[] = [
    ...written.map(({ message, reported, attachment }) => ({
      type: 'message' as const,
      id: message.id,
      seq: message.seq,
      by: by(message.authorUserId),
      side: message.authorUserId === negotiation.sellerUserId ? ('seller' as const) : ('buyer' as const),
      body: message.body,
      attachment: attachment && {
        key: attachment.key,
        fileName: attachment.fileName,
        contentType: attachment.contentType,
        size: attachment.size,
      },
      at: message.at.toISOString(),
      offPlatformPayment: message.offPlatformPayment,
      reported: Boolean(reported),
    })),
    ...chain.map((offer) => ({
      type: 'offer' as const,
      id: offer.id,
      by: offer.fromRole === role ? ('you' as const) : ('other party' as const),
      amount: offer.amountDollars,
      at: offer.createdAt.toISOString(),
    })),
    ...(own ? await dealEntries(db, own, reader) : []),
  ];
  const reads = await db.select().from(threadReads).where(eq(threadReads.negotiationId, negotiationId));
  const theirs = reads.find((row) => row.userId === other);
  const mine = reads.find((row) => row.userId === reader.id);
  return {
    negotiationId,
    dealId: deal?.id ?? null,
    vehicle: vehicle ? vehicleName(vehicle) : 'the car',
    myRole: side,
    myTransactionId: side && own ? own.id : null,
    otherName: await firstName(db, other),
    closedBecause: closedBecause(access),
    // Records written in one database transaction share its time; the sort is stable, so they stay in the order listed.
    entries: entries.sort((a, b) => a.at.localeCompare(b.at)),
    delivered: theirs?.deliveredSeq ?? 0,
    read: theirs?.readSeq ?? 0,
    unread: written.filter(({ message }) => message.authorUserId !== reader.id && message.seq > (mine?.readSeq ?? 0)).length,
    // Read before the messages and receipts: what they hold is never older than the version says.
    version: negotiation.threadVersion,
  };
}

/** The thread of a deal, as `reader` reads it; null for someone it is closed to (an admin when nothing in it was reported). */
export async function threadOfDeal(db: Database, dealId: string, reader: UserRow): Promise<Thread | null> {
  const [deal] = await db.select({ negotiationId: deals.negotiationId }).from(deals).where(eq(deals.id, dealId));
  if (!deal) return null;
  return threadView(db, deal.negotiationId, reader).catch((error: unknown) => {
    if (error instanceof Refusal) return null;
    throw error;
  });
}

/** The deal's timeline lines a thread shows, as the reader's side of the deal (`own`) tells them. */
async function dealEntries(db: Database, own: { id: string }, reader: UserRow): Promise<ThreadEntry[]> {
  const timeline = await dealTimeline(db, own.id, reader);
  return timeline.items
    .filter((item) => TOLD_IN_THREAD.has(item.kind))
    .map((item) => ({
      type: 'step' as const,
      id: item.id,
      by: item.you ? ('you' as const) : item.kind === 'step' ? ('other party' as const) : ('system' as const),
      words: item.text,
      at: item.at,
    }));
}

/** The threads `reader` is a party to that have a message, newest first, with the last message and what is unread. */
export async function threadsOf(db: Database, reader: UserRow): Promise<ThreadList> {
  const mine = or(eq(negotiations.sellerUserId, reader.id), eq(negotiations.buyerUserId, reader.id));
  const rows = await db
    .selectDistinctOn([messages.negotiationId], {
      message: messages,
      negotiation: negotiations,
      vehicle: vehicles,
      // The other party's first name, in the same statement (a read per thread made the list slower with each one).
      otherName: sql<string | null>`(select ${users.firstName} from ${users} where ${users.id} =
        case when ${negotiations.sellerUserId} = ${reader.id} then ${negotiations.buyerUserId} else ${negotiations.sellerUserId} end)`,
    })
    .from(messages)
    .innerJoin(negotiations, eq(negotiations.id, messages.negotiationId))
    .innerJoin(vehicles, eq(vehicles.id, negotiations.vehicleId))
    .leftJoin(threadReads, and(eq(threadReads.negotiationId, messages.negotiationId), eq(threadReads.userId, reader.id)))
    .where(mine)
    .orderBy(messages.negotiationId, desc(messages.seq));
  const ids = rows.map((row) => row.negotiation.id);
  const unread = ids.length
    ? await db
        .select({ negotiationId: messages.negotiationId, count: sql<number>`count(*)::integer` })
        .from(messages)
        .leftJoin(threadReads, and(eq(threadReads.negotiationId, messages.negotiationId), eq(threadReads.userId, reader.id)))
        .where(
          and(
            inArray(messages.negotiationId, ids),
            sql`${messages.authorUserId} is distinct from ${reader.id}`,
            sql`${messages.seq} > coalesce(${threadReads.readSeq}, 0)`,
          ),
        )
        .groupBy(messages.negotiationId)
    : [];
  const unreadIn = new Map(unread.map((row) => [row.negotiationId, row.count]));
  const threads = rows.map(({ message, negotiation, vehicle, otherName }) => ({
    negotiationId: negotiation.id,
    vehicle: vehicleName(vehicle),
    otherName,
    last: {
      by: message.authorUserId === reader.id ? ('you' as const) : ('other party' as const),
      body: message.body,
      at: message.at.toISOString(),
    },
    unread: unreadIn.get(negotiation.id) ?? 0,
  }));
  threads.sort((a, b) => b.last.at.localeCompare(a.last.at));
  return { threads, unread: threads.reduce((sum, thread) => sum + thread.unread, 0) };
}
