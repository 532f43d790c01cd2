/**
 * Opens the database: PGlite files under `<dataDir>/db` by default, PostgreSQL when a
 * connection URL is given. Both run the same migrations (server/db/migrations) on open and
 * expose the same drizzle API, so no query knows which one it talks to.
 */
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as commandTables from './command-tables';
import * as providerTables from './provider-tables';
import * as tables from './schema';

const schema = { ...tables, ...providerTables, ...commandTables };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  /** Answers when the database takes a query; throws otherwise. */
  ping(): Promise<void>;
  /**
   * LISTENs on `channel`: `onPayload` gets each NOTIFY's payload once its transaction commits;
   * `onGap` is called after a lost connection was made again (what was sent meanwhile is lost).
   * Answers how to NOTIFY the channel from the same connection, and how to stop listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onGap: () => void): Promise<Listening>;
  close(): Promise<void>;
}

export interface Listening {
  /**
   * A NOTIFY on the channel, on the listening connection: its own transaction, committed without waiting for the disk
   * (it stores nothing), outside every command's transaction. Not sent while that connection is away.
   */
  notify(payload: string): void;
  stop(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 3_000;
const NOTIFY = 'select pg_notify($1, $2)';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; onIdleError?: (error: Error) => void }
  /** `dataDir` undefined keeps the database in memory; `template` seeds it (see tests). */
  | { kind: 'pglite'; dataDir?: string; template?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<OpenDatabase> {
  if (target.kind === 'postgres') {
    // A request waits at most this long for a connection (the database away, or every connection busy), then answers 503.
    const pool = new pg.Pool({ connectionString: target.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    // An idle connection the server closed (a restart, a failover) is dropped from the pool and reported here: without a
    // listener it would end the process. The next query opens a new one.
    pool.on('error', (error) => target.onIdleError?.(error));
    const db = drizzlePg(pool, { schema });
    await oneAtATime(pool, () => migratePg(db, { migrationsFolder }));
    return {
      db: db as unknown as Database,
      ping: () => ping(db as unknown as Database),
      listen: (channel, onPayload, onGap) => listenPostgres(target.url, channel, onPayload, onGap),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create(target.dataDir, target.template ? { loadDataDir: target.template } : {});
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    ping: () => ping(db as unknown as Database),
    // In process: the one connection there is hears its own NOTIFYs, and it is never lost.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return { notify: (payload) => void client.query(NOTIFY, [channel, payload]).catch(() => undefined), stop: async () => stop() };
    },
    close: () => client.close(),
  };
}

/**
 * A connection of its own, outside the pool, for LISTEN (a pooled one would be handed to
 * queries). Lost, it is made again with growing pauses (0.5 s doubling to 30 s), and `onGap` says so.
 */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void, onGap: () => void): Promise<Listening> {
  let client: pg.Client | undefined;
  let stopped = false;
  let reconnecting = false;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => void reconnect(next));
    next.on('end', () => void reconnect(next));
    await next.connect();
    await next.query(`SET synchronous_commit = off; LISTEN ${channel}`);
    client = next;
  }

  async function reconnect(lost: pg.Client): Promise<void> {
    if (stopped || reconnecting || lost !== client) return;
    reconnecting = true;
    client = undefined;
    lost.end().catch(() => undefined);
    for (let pause = 500; !stopped; pause = Math.min(pause * 2, 30_000)) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      try {
        await connect();
        break;
      } catch {
        // the database is still away: wait longer
      }
    }
    reconnecting = false;
    if (!stopped) onGap();
  }

  await connect();
  return {
    notify: (payload) => void client?.query(NOTIFY, [channel, payload]).catch(() => undefined),
    stop: async () => {
      stopped = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Several API processes start together against one PostgreSQL (a deploy behind a load
 * balancer): the migrator takes no lock of its own, so two of them racing to create its schema
 * or apply the same migration made all but one fail to start. A session-level advisory lock
 * lets one migrate while the others wait, then find nothing left to do.
 */
async function oneAtATime(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Any fixed number nothing else locks ("car" in ASCII). */
const MIGRATION_LOCK = 0x636172;

async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** A migrated, empty database as a tarball: tests load it instead of migrating each time. */
export async function migratedTemplate(): Promise<Blob> {
  const client = await PGlite.create();
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}
