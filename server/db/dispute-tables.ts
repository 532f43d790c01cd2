/**
 * Delivery disputes (issue 34, src/domain/delivery.ts): at most one case per deal, raised by the
 * buyer before the delivery clock ran out; the evidence each party adds, every photo with the
 * SHA-256 read from storage when it was added; and the admin's decision, which the ledger posts.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DISPUTE_DECISIONS, DISPUTE_STATUSES, PROBLEM_REASONS } from '../../src/domain/delivery';
import { deals, users } from './schema';

export const disputes = pgTable('disputes', {
  id: uuid('id').primaryKey().defaultRandom(),
  dealId: uuid('deal_id')
    .notNull()
    .unique()
    .references(() => deals.id, { onDelete: 'cascade' }),
  raisedByUserId: uuid('raised_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  reason: text('reason', { enum: PROBLEM_REASONS }).notNull(),
  description: text('description').notNull(),
  status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
  decision: text('decision', { enum: DISPUTE_DECISIONS }),
  /** A partial refund's amount (0 otherwise): posted from the seller's held payout to the buyer. */
  refundCents: integer('refund_cents').notNull().default(0),
  decisionReason: text('decision_reason'),
  decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  raisedAt: timestamp('raised_at', { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
});

export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['buyer', 'seller'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull(),
    /** Each photo as stored when it was added: its file, key and SHA-256. */
    photos: jsonb('photos').$type<{ fileName: string; documentKey: string; sha256: string }[]>().notNull(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [index('dispute_evidence_dispute').on(table.disputeId, table.at)],
);
