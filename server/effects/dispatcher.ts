/**
 * Delivers the outbox (DESIGN.md §13) after commits. Due rows are claimed in a short transaction
 * (`FOR UPDATE SKIP LOCKED`) that leases them, so several API processes never take the same row,
 * and no lock is held while a provider or the mail service is called. Each row goes to its kind's
 * handler: done, or tried again later with growing pauses (1 s doubling to 5 min); after
 * MAX_ATTEMPTS it is dead — kept, shown to admins (GET /api/admin/outbox), and tried again only
 * when one asks. A process that dies mid-delivery leaves its lease to run out, and another takes
 * the row then: at least once, so every handler is safe to run twice (providers key our requests
 * by id; the local mailbox keeps a notification once).
 *
 * Why not pg-boss or graphile-worker: effects are written in the command's own database
 * transaction through drizzle, on PGlite as on PostgreSQL. graphile-worker needs a PostgreSQL
 * connection string (PGlite has no wire protocol here); pg-boss can run on PGlite only through a
 * hand-made adapter that splits its multi-statement scripts (its own warning says it is not
 * supported), keeps a second schema and migration history beside ours, and polls no faster than
 * every 0.5 s. This is one table and one query to claim.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outbox, type OutboxKind } from '../db/command-tables';

export type Handler = (ref: string) => Promise<void>;
export type Handlers = Partial<Record<OutboxKind, Handler>>;

export const MAX_ATTEMPTS = 12;
const BATCH = 20;
/**
 * How long a claimed row is this dispatcher's: past it, another takes it — so a process killed
 * mid-delivery holds its rows this long at most. Short, so effects go out soon after a crash; safe,
 * because no handler may run longer than HANDLER_LIMIT_MS and a batch stops (and gives back what it
 * has not started) while a handler's time is still left on the lease.
 */
const LEASE_SECONDS = 30;
const HANDLER_LIMIT_MS = 10_000;
const LEASE_MARGIN_MS = 2_000;
const retryDelaySeconds = (attempts: number) => Math.min(300, 2 ** Math.min(attempts - 1, 9));
const DONE_KEPT_DAYS = 7;

export interface Dispatcher {
  /** A commit left effects: deliver them now (runs once at a time; a wake during a run runs again after it). */
  wake(): void;
  /** Delivers what is due; the number of rows handled. */
  run(): Promise<number>;
  /** Waits for the run under way, and starts no other. */
  stop(): Promise<void>;
}

export function createDispatcher(db: Database, handlers: Handlers, log: { warn(details: object, message: string): void }): Dispatcher {
  const kinds = Object.keys(handlers) as OutboxKind[];
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  async function claim() {
    if (!kinds.length) return [];
    return db
      .update(outbox)
      .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, attempts: sql`${outbox.attempts} + 1` })
      .where(
        inArray(
          outbox.id,
          db
            .select({ id: outbox.id })
            .from(outbox)
            .where(
              and(
                eq(outbox.status, 'pending'),
                sql`${outbox.runAt} <= now()`,
                sql`(${outbox.leaseUntil} is null or ${outbox.leaseUntil} < now())`,
                inArray(outbox.kind, kinds),
              ),
            )
            .orderBy(outbox.id)
            .limit(BATCH)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
  }

  /** Rows claimed but not started (the batch ran out of lease): due again at once, for any dispatcher. */
  async function release(rows: (typeof outbox.$inferSelect)[]) {
    if (!rows.length) return;
    const ids = rows.map((row) => row.id);
    await db
      .update(outbox)
      .set({ leaseUntil: null, attempts: sql`${outbox.attempts} - 1` })
      .where(inArray(outbox.id, ids));
  }

  async function deliver(row: typeof outbox.$inferSelect) {
    try {
      await withinLimit(handlers[row.kind]!(row.ref), `${row.kind} took longer than ${HANDLER_LIMIT_MS / 1000} s`);
      await db
        .update(outbox)
        .set({ status: 'done', doneAt: sql`now()`, leaseUntil: null, lastError: null })
        .where(eq(outbox.id, row.id));
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      const dead = row.attempts >= MAX_ATTEMPTS;
      log.warn({ effect: row.kind, ref: row.ref, attempts: row.attempts, error: message }, dead ? 'effect dead-lettered' : 'effect failed');
      await db
        .update(outbox)
        .set({
          status: dead ? 'dead' : 'pending',
          leaseUntil: null,
          lastError: message,
          runAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
        })
        .where(eq(outbox.id, row.id));
    }
  }

  async function runAll(): Promise<number> {
    let handled = 0;
    do {
      again = false;
      for (;;) {
        const rows = await claim();
        const leaseEnds = Date.now() + LEASE_SECONDS * 1000 - LEASE_MARGIN_MS;
        // In the order they were written: a booking's cancellation goes before the booking that replaced it.
        const ordered = rows.sort((a, b) => a.id - b.id);
        for (const [index, row] of ordered.entries()) {
          if (Date.now() + HANDLER_LIMIT_MS > leaseEnds) {
            await release(ordered.slice(index));
            break;
          }
          await deliver(row);
          handled += 1;
        }
        if (rows.length < BATCH || stopped) break;
      }
    } while (again && !stopped);
    return handled;
  }

  const run = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = runAll().finally(() => (running = undefined));
    return running;
  };

  return {
    wake() {
      void run().catch((error: Error) => log.warn({ error: error.message }, 'delivering the outbox failed'));
    },
    run,
    async stop() {
      stopped = true;
      await running?.catch(() => undefined);
    },
  };
}

/** `work`, or a failure once it has run `limitMs` (it may still finish: every handler is safe to run twice). */
function withinLimit<T>(work: Promise<T>, message: string, limitMs = HANDLER_LIMIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), limitMs)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Done effects are kept a week (what was sent, when), then removed. */
export async function removeDeliveredEffects(db: Database): Promise<void> {
  await db.delete(outbox).where(and(eq(outbox.status, 'done'), lt(outbox.doneAt, sql`now() - make_interval(days => ${DONE_KEPT_DAYS})`)));
}
