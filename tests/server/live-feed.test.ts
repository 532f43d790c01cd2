/**
 * The live hub's reader of the feed (server/api/live/feed-reader.ts): notices are numbered when
 * written and seen when committed, so a lower number can show after a higher one. Each is
 * delivered once, whichever order they commit in.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { feedReader } from '../../server/api/live/feed-reader';
import type { OpenDatabase } from '../../server/db/client';
import type { FeedEntry } from '../../server/kernel/live-feed';
import { freshDatabase } from '../support/api-harness';

let database: OpenDatabase;
let userId: string;

beforeAll(async () => {
  database = (await freshDatabase()).database;
  userId = randomUUID();
  await database.db.execute(sql`insert into users (id, cognito_sub, email) values (${userId}, ${randomUUID()}, 'reader@example.com')`);
});
afterAll(() => database?.close());

/** A notice committed with number `seq`, as a transaction that took that number would commit it. */
const committed = (seq: number) =>
  database.db.execute(
    sql`insert into live_changes (seq, user_id, kind, entity_id, version) overriding system value values (${seq}, ${userId}, 'deal', ${randomUUID()}, ${seq})`,
  );

it('delivers a notice that commits after a higher-numbered one, and each notice once', async () => {
  const delivered: FeedEntry[] = [];
  const reader = feedReader(database.db, 100, (entry) => delivered.push(entry));
  await committed(101);
  await committed(103);
  await reader.read();
  expect(delivered.map((entry) => entry.seq)).toEqual([101, 103]);
  // 102's transaction commits last: it is still looked for, and found.
  await committed(102);
  await committed(104);
  await reader.read();
  await reader.read();
  expect(delivered.map((entry) => entry.seq)).toEqual([101, 103, 102, 104]);
});

it('delivers what its own process committed without reading it back, and what others committed around it once', async () => {
  const delivered: FeedEntry[] = [];
  const reader = feedReader(database.db, 200, (entry) => delivered.push(entry));
  const entry = (seq: number): FeedEntry => ({ seq, userId, kind: 'deal', id: randomUUID(), version: seq });
  // This process committed 203 (handed over, never written here, so only the hand-over can deliver it).
  reader.committed([entry(203)]);
  expect(delivered.map((found) => found.seq)).toEqual([203]);
  // Another process's 201 and 202 committed; 202 is also handed over as if this process had it.
  await committed(201);
  await committed(202);
  reader.committed([entry(202)]);
  await reader.read();
  await reader.read();
  expect(delivered.map((found) => found.seq)).toEqual([203, 202, 201]);
});
