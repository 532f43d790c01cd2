/**
 * Writes events to a transaction inside one database transaction that holds its row lock: each
 * event moves the status only along the flow's table (a request alone, such as a quote, moves
 * nothing until answered), takes the next version, and is followed by what the product does by
 * itself at the status reached (AUTOMATIC_EVENTS). `save` stores the status and version once,
 * and tells whoever needs to hear of it (transaction-saved.ts).
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { AUTOMATIC_EVENTS, FINAL_STATUS, nextStatus, type TransactionEvent } from '../../src/domain/transaction-transitions';
import type { TransactionStatus } from '../../src/domain/transaction-flows';
import type { Database } from '../db/client';
import { transactionEvents, transactions } from '../db/schema';
import type { TransactionRow } from './access';
import { transactionSaved } from './transaction-saved';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type EventRow = typeof transactionEvents.$inferSelect;

export async function eventsOf(db: Database | Tx, transactionId: string) {
  return db
    .select()
    .from(transactionEvents)
    .where(eq(transactionEvents.transactionId, transactionId))
    .orderBy(asc(transactionEvents.version));
}

/** The events of several transactions, each one's in version order. */
export async function eventsOfMany(db: Database | Tx, transactionIds: string[]) {
  return db
    .select()
    .from(transactionEvents)
    .where(inArray(transactionEvents.transactionId, transactionIds))
    .orderBy(asc(transactionEvents.transactionId), asc(transactionEvents.version));
}

/** Locks the transaction's row for the rest of `tx`. */
export async function lockTransaction(tx: Tx, id: string): Promise<TransactionRow> {
  const [locked] = await tx.select().from(transactions).where(eq(transactions.id, id)).for('update');
  return locked!;
}

export function eventLog(tx: Tx, row: TransactionRow) {
  let status: TransactionStatus = row.status;
  let version = row.version;
  const appended: { event: TransactionEvent; payload: Record<string, unknown> }[] = [];

  async function append(
    actor: { kind: 'party'; userId: string; key: string } | { kind: 'provider' },
    event: TransactionEvent,
    payload: Record<string, unknown>,
  ) {
    const to = nextStatus(row.flow, status, event) ?? status;
    version += 1;
    await tx.insert(transactionEvents).values({
      transactionId: row.id,
      version,
      actor: actor.kind,
      actorUserId: actor.kind === 'party' ? actor.userId : null,
      event,
      payload,
      fromStatus: status,
      toStatus: to,
      idempotencyKey: actor.kind === 'party' ? actor.key : null,
    });
    appended.push({ event, payload });
    status = to;
    const automatic = AUTOMATIC_EVENTS[row.flow]?.[status];
    if (automatic) await append({ kind: 'provider' }, automatic, {});
  }

  return {
    append,
    /** Whether the table takes `event` at the status reached so far. */
    takes: (event: TransactionEvent) => nextStatus(row.flow, status, event) !== undefined,
    appended,
    async save() {
      const [saved] = await tx
        .update(transactions)
        .set({ status, version, updatedAt: sql`now()`, completedAt: status === FINAL_STATUS[row.flow] ? sql`now()` : null })
        .where(eq(transactions.id, row.id))
        .returning();
      await transactionSaved(tx, saved!, row.status);
    },
  };
}
