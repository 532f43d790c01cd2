/**
 * Reads nearly every request makes, prepared once per database: drizzle builds the query once and
 * PostgreSQL parses it once per connection (a named statement). Building a query costs the API
 * more CPU than PostgreSQL spends running these (README, Performance). Inside a unit of work the
 * same query runs on its transaction, built as usual.
 */
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

interface Runnable<R> {
  execute(params: Record<string, unknown>): Promise<R>;
}

/**
 * `build` written once with `sql.placeholder(name)` for each value; answers a function that runs it
 * with `params` on a database (prepared as `name`) or on a unit of work's transaction.
 */
export function preparedRead<P extends Record<string, unknown>, R>(
  name: string,
  build: (db: Database) => Runnable<R> & { prepare(name: string): Runnable<R> },
): (db: Database | Tx, params: P) => Promise<R> {
  const prepared = new WeakMap<object, Runnable<R>>();
  return (db, params) => {
    if (is(db, PgTransaction)) return build(db as unknown as Database).execute(params);
    let query = prepared.get(db);
    if (!query) {
      query = build(db as Database).prepare(name);
      prepared.set(db, query);
    }
    return query.execute(params);
  };
}
