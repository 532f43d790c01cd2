/**
 * The live feed's rows (DESIGN.md §11): each change notice a user is owed is written in the same
 * database transaction as the change itself, so a notice is never sent for a change that rolled
 * back, and never lost for one that did not. Once it commits, the process rings a doorbell (a NOTIFY
 * with no payload, outside the transaction) and every API process reads the rows past the last it
 * had (live-hub.ts), except its own process, which was handed them. A NOTIFY inside the transaction would serialise the commits: PostgreSQL holds
 * one lock from a notifying commit's queue entry through its flush to disk, so no two could share a
 * flush. The rows also let a stream that reconnects be sent what it missed; a week later they are deleted.
 */
import { and, asc, count, eq, gt, gte, inArray, lt, max, or, sql } from 'drizzle-orm';
import type { ChangeKind } from '../../src/domain/live-contract';
import type { Database } from '../db/client';
import { liveChanges } from '../db/schema';
import type { Tx } from './event-log';

export const LIVE_CHANNEL = 'caramel_live';

export interface Change {
  userId: string;
  kind: ChangeKind;
  id: string;
  version: number;
}

/** A notice as it travels: the user it is for, its place in the feed, and what the stream sends. */
export interface FeedEntry extends Change {
  seq: number;
}

export const entryOfRow = (row: typeof liveChanges.$inferSelect): FeedEntry => ({
  seq: row.seq,
  userId: row.userId,
  kind: row.kind,
  id: row.entityId,
  version: row.version,
});

/** `changes` with each user told once about each record (the last change of it). */
export const uniqueChanges = (changes: Change[]) => [
  ...new Map(changes.map((change) => [`${change.userId}|${change.kind}|${change.id}`, change])).values(),
];

/** Writes `changes` inside `tx` (each user told once about each record), as the feed's entries they become. */
export async function recordChanges(tx: Tx, changes: Change[]): Promise<FeedEntry[]> {
  const unique = uniqueChanges(changes);
  if (!unique.length) return [];
  const rows = await tx
    .insert(liveChanges)
    .values(unique.map((change) => ({ userId: change.userId, kind: change.kind, entityId: change.id, version: change.version })))
    .returning();
  return rows.map(entryOfRow);
}

/** Everyone's notices numbered past `after` or among `missing`, in order, at most `limit` (for the live hub). */
export async function feedAfter(db: Database, after: number, missing: number[], limit: number): Promise<FeedEntry[]> {
  const past = gt(liveChanges.seq, after);
  const rows = await db
    .select()
    .from(liveChanges)
    .where(missing.length ? or(past, inArray(liveChanges.seq, missing)) : past)
    .orderBy(asc(liveChanges.seq))
    .limit(limit);
  return rows.map(entryOfRow);
}

/** The number of the feed's latest notice, anyone's (0 before the first). */
export async function feedEnd(db: Database): Promise<number> {
  const [row] = await db.select({ seq: max(liveChanges.seq) }).from(liveChanges);
  return Number(row?.seq ?? 0);
}

/** At most this many notices are replayed; a tab that missed more refreshes everything instead. */
const REPLAY_LIMIT = 500;
/**
 * Notices are numbered when written but arrive when committed, so a later number can arrive
 * first: a replay also sends what was written shortly before the last one the tab has (the app
 * skips versions it holds).
 */
const COMMIT_SKEW = sql`interval '30 seconds'`;

/**
 * What `userId` missed after notice `after`: the notices, or 'reset' when they cannot all be
 * sent (the tab's last notice is not in the feed any more, or it missed too many).
 */
export async function changesSince(db: Database, userId: string, after: number): Promise<FeedEntry[] | 'reset'> {
  const mine = eq(liveChanges.userId, userId);
  let since = gte(liveChanges.seq, after + 1);
  if (after > 0) {
    const [last] = await db
      .select({ at: liveChanges.at })
      .from(liveChanges)
      .where(and(mine, eq(liveChanges.seq, after)));
    if (!last) return 'reset';
    since = or(since, gte(liveChanges.at, sql`${last.at.toISOString()}::timestamptz - ${COMMIT_SKEW}`))!;
  }
  const [{ missed } = { missed: 0 }] = await db.select({ missed: count() }).from(liveChanges).where(and(mine, since));
  if (missed > REPLAY_LIMIT) return 'reset';
  const rows = await db.select().from(liveChanges).where(and(mine, since)).orderBy(asc(liveChanges.seq));
  return rows.map(entryOfRow);
}

/** Where `userId`'s feed stands: the number of their latest notice (0 before the first). */
export async function latestSeq(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ seq: max(liveChanges.seq) })
    .from(liveChanges)
    .where(eq(liveChanges.userId, userId));
  return Number(row?.seq ?? 0);
}

const KEPT_DAYS = 7;

export async function removeOldChanges(db: Database): Promise<void> {
  await db.delete(liveChanges).where(lt(liveChanges.at, sql`now() - ${sql.raw(`interval '${KEPT_DAYS} days'`)}`));
}
