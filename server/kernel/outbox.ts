/**
 * The outbox (DESIGN.md §13): an effect a command causes that leaves the process — a mail, a
 * request to a provider — is written as a row in the command's database transaction, so it exists
 * exactly when the change does. The dispatcher (server/effects/dispatcher.ts) delivers it after
 * the commit. An effect is written once (kind and ref are unique).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { outbox, type OutboxKind } from '../db/command-tables';
import type { Tx } from './event-log';

export async function enqueue(tx: Tx, kind: OutboxKind, ref: string, runAt?: Date): Promise<void> {
  await tx
    .insert(outbox)
    .values({ kind, ref, ...(runAt && { runAt }) })
    .onConflictDoNothing();
}

/** An effect given up on, or waiting its pause, tried again now (an admin asked): its attempts start again. */
export async function requeue(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .update(outbox)
    .set({ status: 'pending', attempts: 0, runAt: sql`now()`, leaseUntil: null })
    .where(and(eq(outbox.id, id), ne(outbox.status, 'done')))
    .returning({ id: outbox.id });
  return row !== undefined;
}
