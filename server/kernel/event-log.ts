/**
 * A transaction's event log inside a unit of work (unit-of-work.ts), which holds the deal's and the
 * transaction's row locks: each appended event moves the status only along the flow's table (a
 * request alone, such as a quote, or an event recorded only, moves nothing), takes the next
 * version, and is followed by what the product does by itself at the status reached
 * (AUTOMATIC_EVENTS). The unit of work saves them — the events, the status, the version and the
 * step data reached — in one statement once it has decided.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { FOLD_REVISION, foldOnto, foldStepData } from '../../src/domain/step-data';
import type { StepData } from '../../src/domain/transaction-contract';
import { AUTOMATIC_EVENTS, FINAL_STATUS, isViewChange, nextStatus, type TransactionEvent } from '../../src/domain/transaction-transitions';
import type { TransactionStatus } from '../../src/domain/transaction-flows';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { transactionEvents, transactions } from '../db/schema';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type EventRow = typeof transactionEvents.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;

export type Actor = { kind: 'party'; userId: string; key?: string } | { kind: 'provider' };

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

/** The step data a row holds, when the fold code running now folded it; undefined when it is to be folded again from its events. */
export function storedStepData(row: TransactionRow): StepData | undefined {
  return row.foldRevision === FOLD_REVISION && row.stepData ? row.stepData : undefined;
}

/** A row's step data: stored beside it, or folded from its events (read in `db`) when older fold code stored it. */
export async function stepDataOfRow(db: Database | Tx, row: TransactionRow): Promise<StepData> {
  return storedStepData(row) ?? foldStepData((await eventsOf(db, row.id)).filter((event) => event.version <= row.version));
}

/**
 * Whether a party who saw the transaction at `expected` acts on a stale view: something of theirs
 * changed since — but not a view change (money moving, the car's transport …), which the party's
 * action does not depend on.
 */
export async function staleView(db: Database | Tx, row: { id: string; version: number }, expected: number): Promise<boolean> {
  if (expected === row.version) return false;
  if (expected > row.version) return true;
  const since = await db
    .select({ event: transactionEvents.event })
    .from(transactionEvents)
    .where(and(eq(transactionEvents.transactionId, row.id), gt(transactionEvents.version, expected)));
  return since.some((event) => !isViewChange(event.event));
}

/**
 * The status, version and step data reached, saved by the statement that records the events reaching them
 * (`events`: their rows as JSON, each as the log made it): one round trip, and the row never ahead of or behind its log.
 */
const saveTransaction = preparedStatement('transaction_save', (db) => {
  const recorded = db.$with('recorded', { version: sql<number>`version` }).as(
    sql`insert into ${transactionEvents} (transaction_id, version, actor, actor_user_id, event, payload, from_status, to_status, idempotency_key)
        select transaction_id, version, actor, actor_user_id, event, payload, from_status, to_status, idempotency_key
        from json_populate_recordset(null::${transactionEvents}, ${sql.placeholder('events')}::json)
        returning version`,
  );
  return db
    .with(recorded)
    .update(transactions)
    .set({
      status: sql`${sql.placeholder('status')}`,
      version: sql`${sql.placeholder('version')}`,
      updatedAt: sql`now()`,
      completedAt: sql`case when ${sql.placeholder('completed')}::boolean then now() end`,
      stepData: sql`${sql.placeholder('stepData')}::jsonb`,
      foldRevision: FOLD_REVISION,
    })
    .where(eq(transactions.id, sql.placeholder('id')))
    .returning();
});

/** An appended event as its row is stored (the columns the database does not fill itself). */
interface PendingEvent {
  transaction_id: string;
  version: number;
  actor: Actor['kind'];
  actor_user_id: string | null;
  event: TransactionEvent;
  payload: Record<string, unknown>;
  from_status: TransactionStatus;
  to_status: TransactionStatus;
  idempotency_key: string | null;
}

export class EventLog {
  /** The status and version when the unit of work took the row, and as they stand now. */
  readonly before: { status: TransactionStatus; version: number };
  status: TransactionStatus;
  version: number;
  /** What this unit of work appended, oldest first. */
  readonly appended: { event: TransactionEvent; payload: Record<string, unknown>; version: number }[] = [];
  /** Appended and not saved yet: recorded by `save`, with the version they reach. */
  private pending: PendingEvent[] = [];
  private savedVersion: number;

  /** `data` is the step data at the row's version (stepDataOfRow); it follows what is appended, and is saved with the version. */
  constructor(
    private readonly tx: Tx,
    public row: TransactionRow,
    public data: StepData,
  ) {
    this.before = { status: row.status, version: row.version };
    this.status = row.status;
    this.version = row.version;
    this.savedVersion = row.version;
  }

  /** Whether the table takes `event` at the status reached so far. */
  takes(event: TransactionEvent): boolean {
    return nextStatus(this.row.flow, this.status, event) !== undefined;
  }

  async append(actor: Actor, event: TransactionEvent, payload: Record<string, unknown>): Promise<void> {
    const to = nextStatus(this.row.flow, this.status, event) ?? this.status;
    this.version += 1;
    this.pending.push({
      transaction_id: this.row.id,
      version: this.version,
      actor: actor.kind,
      actor_user_id: actor.kind === 'party' ? actor.userId : null,
      event,
      payload,
      from_status: this.status,
      to_status: to,
      idempotency_key: actor.kind === 'party' ? (actor.key ?? null) : null,
    });
    this.appended.push({ event, payload, version: this.version });
    this.data = foldOnto(this.data, [{ event, payload }]);
    this.status = to;
    const automatic = AUTOMATIC_EVENTS[this.row.flow]?.[to];
    if (automatic) await this.append({ kind: 'provider' }, automatic, {});
  }

  /** Whether something was appended since the row was last saved. */
  get dirty(): boolean {
    return this.version !== this.savedVersion;
  }

  /** Records the events appended and stores the status, version and step data they reach, so reads in the same database transaction see them. */
  async save(): Promise<void> {
    if (!this.dirty) return;
    const [saved] = await saveTransaction(this.tx, {
      events: JSON.stringify(this.pending),
      id: this.row.id,
      status: this.status,
      version: this.version,
      completed: this.status === FINAL_STATUS[this.row.flow],
      stepData: JSON.stringify(this.data),
    });
    this.row = saved!;
    this.savedVersion = this.version;
    this.pending = [];
  }
}
