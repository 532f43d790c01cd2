/**
 * What the one command path keeps (DESIGN.md §13): every idempotency key a caller sent, with what
 * it asked (a hash) and what it was answered, written in the command's database transaction; and
 * the outbox — the effects a command caused that leave the process only after it committed (mail,
 * requests to providers), each delivered once by the dispatcher (server/effects/dispatcher.ts).
 */
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key: `user:<id>`, `partner:<key id>`, `webhook:<provider>`; keys are unique per sender only. */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    command: text('command').notNull(),
    /** SHA-256 of the command and its request; null for a key kept from before requests were hashed (taken as the same). */
    requestHash: text('request_hash'),
    /** The earlier request in the caller's words, for the refusal of a key sent again for something else. */
    label: text('label'),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.owner, table.key] })],
);

export const OUTBOX_KINDS = ['mail', 'provider request', 'push'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    /** What to deliver: the notification to mail, the provider request to hand over. */
    ref: text('ref').notNull(),
    status: text('status', { enum: ['pending', 'done', 'dead'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before: the next attempt, or when scheduled work is due. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** A dispatcher holds the row until then; past it, another may take it (the first one died). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [unique('outbox_effect').on(table.kind, table.ref), index('outbox_due').on(table.status, table.runAt)],
);
