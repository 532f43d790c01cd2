/**
 * Deal messages (issue 33): one thread per negotiation (it goes on inside the deal it becomes).
 * A message is words, a file sent through the resumable uploader, or both. A message's `seq` orders the thread and says how far each reader got (`thread_reads`: what
 * their device fetched, what they saw, when they were last mailed about unread ones). Reports
 * let an admin read the thread they were made in.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { negotiations, uploads, users } from './schema';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    negotiationId: uuid('negotiation_id')
      .notNull()
      .references(() => negotiations.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** A photo, video or document sent with it: one of the author's finished uploads in the deal (then the words may be empty). */
    attachmentUploadId: uuid('attachment_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    offPlatformPayment: boolean('off_platform_payment').notNull(),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index('messages_thread').on(table.negotiationId, table.seq),
    check('messages_body_length', sql`char_length(${table.body}) <= 2000`),
  ],
);

export const threadReads = pgTable(
  'thread_reads',
  {
    negotiationId: uuid('negotiation_id')
      .notNull()
      .references(() => negotiations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveredSeq: bigint('delivered_seq', { mode: 'number' }).notNull().default(0),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
    /** The last mail about unread messages (at most one an hour per thread). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.negotiationId, table.userId] })],
);

export const messageReports = pgTable(
  'message_reports',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    reporterUserId: uuid('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.reporterUserId] })],
);
