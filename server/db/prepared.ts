/**
 * Statements nearly every request makes, prepared: drizzle builds each one once per connection and
 * PostgreSQL parses it once per connection (a named statement). Building a query costs the API
 * more CPU than PostgreSQL spends running these (docs/performance.md). Inside a unit of work the
 * query is prepared on the pooled connection the transaction holds, which later transactions get
 * again; PGlite's transactions are new each time, so there it is built for each one.
 */
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

interface Runnable<R> {
  execute(params: Record<string, unknown>): Promise<R>;
}

/** The connection a unit of work's transaction runs on (drizzle's session client), if it has one to keep. */
const connectionOf = (tx: Tx): object | undefined => (tx as unknown as { session?: { client?: object } }).session?.client;

/**
 * `build` written once with `sql.placeholder(name)` for each value; answers a function that runs it
 * with `params` on a database or a unit of work's transaction, prepared as `name` on each.
 */
export function preparedStatement<P extends Record<string, unknown>, R>(
  name: string,
  build: (db: Database) => Runnable<R> & { prepare(name: string): Runnable<R> },
): (db: Database | Tx, params: P) => Promise<R> {
  const prepared = new WeakMap<object, Runnable<R>>();
  return (db, params) => {
    const owner = is(db, PgTransaction) ? connectionOf(db as Tx) : db;
    if (!owner) return build(db as Database).execute(params);
    let query = prepared.get(owner);
    if (!query) {
      query = build(db as Database).prepare(name);
      prepared.set(owner, query);
    }
    return query.execute(params);
  };
}
