/**
 * A unit of work's last statement before its COMMIT, for a command that answers with a read of
 * what it changed (a step event answers with the transaction in full): the live notices written,
 * the key's answer kept and that read made, in one round trip. Read there, under the locks, the
 * answer is what commits — not what a read after the commit would find once others had moved on.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { idempotencyKeys } from '../db/command-tables';
import { rowsFromJson, type JsonRow } from '../db/json-rows';
import { preparedStatement } from '../db/prepared';
import { deals, liveChanges } from '../db/schema';
import type { Tx } from './event-log';
import type { CommandKey } from './idempotency';
import { entryOfRow, uniqueChanges, type Change, type FeedEntry } from './live-feed';

/** What a command reads in its last statement: one JSON value, of the deal `dealId` and its transaction `transactionId`. */
export interface LastRead {
  /** Names its prepared statement. */
  name: string;
  /** Read with the deal's row as `deals` and the placeholders `dealId` and `transactionId`. */
  expression: SQL<JsonRow | null>;
}

const build = (read: LastRead) =>
  preparedStatement(`last_statement_${read.name}`, (db) => {
    const live = db.$with('live', { seq: sql<number>`seq` }).as(
      sql`insert into ${liveChanges} (user_id, kind, entity_id, version)
          select user_id, kind, entity_id, version from json_populate_recordset(null::${liveChanges}, ${sql.placeholder('live')}::json)
          returning *`,
    );
    const settled = db.$with('settled', { key: sql<string>`key` }).as(
      sql`update ${idempotencyKeys} set answer = ${sql.placeholder('answer')}::jsonb
          where owner = ${sql.placeholder('owner')} and key = ${sql.placeholder('key')} returning key`,
    );
    return db
      .with(live, settled)
      .select({ live: sql<JsonRow[] | null>`(select json_agg(l) from live l)`, read: read.expression })
      .from(deals)
      .where(eq(deals.id, sql.placeholder('dealId')));
  });

const statements = new Map<string, ReturnType<typeof build>>();

/**
 * Writes `changes` and `key`'s answer, and reads `read` of `dealId` (locked by the unit of work):
 * the feed's entries the changes became, and what was read.
 */
export async function lastStatement(
  tx: Tx,
  read: LastRead,
  writes: { changes: Change[]; key?: CommandKey; answer: unknown },
  of: { dealId: string; transactionId: string },
): Promise<{ live: FeedEntry[]; read: JsonRow | null }> {
  let statement = statements.get(read.name);
  if (!statement) statements.set(read.name, (statement = build(read)));
  const live = uniqueChanges(writes.changes).map((change) => ({
    user_id: change.userId,
    kind: change.kind,
    entity_id: change.id,
    version: change.version,
  }));
  const [row] = await statement(tx, {
    live: JSON.stringify(live),
    answer: writes.answer == null ? null : JSON.stringify(writes.answer),
    owner: writes.key?.owner ?? null,
    key: writes.key?.key ?? null,
    ...of,
  });
  if (!row) throw new Error(`deal ${of.dealId} is not there`);
  return {
    live: rowsFromJson(liveChanges, row.live).map(entryOfRow),
    read: row.read,
  };
}
