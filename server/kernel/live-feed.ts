/**
 * The live feed's rows (DESIGN.md §11): each change notice a user is owed is written in the same
 * database transaction as the change itself, with a NOTIFY that every API process hears when
 * that transaction commits (live-hub.ts) — so a notice is never sent for a change that rolled
 * back, and never lost for one that did not. The rows let a stream that reconnects be sent what
 * it missed; a week later they are deleted.
 */
import { and, asc, count, eq, gte, lt, max, or, sql } from 'drizzle-orm';
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

/** What NOTIFY carries (PostgreSQL allows 8000 bytes; this is about 150). */
export function wireOf(entry: FeedEntry): string {
  return JSON.stringify([entry.seq, entry.userId, entry.kind, entry.id, entry.version]);
}

export function entryOf(payload: string): FeedEntry | undefined {
  try {
    const [seq, userId, kind, id, version] = JSON.parse(payload) as [number, string, ChangeKind, string, number];
    return { seq, userId, kind, id, version };
  } catch {
    return undefined;
  }
}

/** Writes `changes` inside `tx`; a user told twice about the same record in one change is told once. */
export async function recordChanges(tx: Tx, changes: Change[]): Promise<void> {
  const unique = [...new Map(changes.map((change) => [`${change.userId}|${change.kind}|${change.id}`, change])).values()];
  if (!unique.length) return;
  const rows = await tx
    .insert(liveChanges)
    .values(unique.map((change) => ({ userId: change.userId, kind: change.kind, entityId: change.id, version: change.version })))
    .returning();
  // One statement for all of them (each is sent when the transaction commits, in this order): a round trip each was a
  // measurable part of a write's cost.
  const payloads = rows.map((row) => wireOf({ seq: row.seq, userId: row.userId, kind: row.kind, id: row.entityId, version: row.version }));
  if (payloads.length)
    await tx.execute(
      sql`select pg_notify(${LIVE_CHANNEL}, payload) from json_array_elements_text(${JSON.stringify(payloads)}::json) with ordinality as notices(payload, n) order by n`,
    );
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
  return rows.map((row) => ({ seq: row.seq, userId: row.userId, kind: row.kind, id: row.entityId, version: row.version }));
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
