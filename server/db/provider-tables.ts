/**
 * What the API keeps about third parties that answer later (DESIGN.md §9): the requests it owes
 * them, written with the party's action in one database transaction and sent until a provider
 * takes them; and the webhooks they sent, by id, so each is applied at most once.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { transactions } from './schema';

export const providerRequests = pgTable(
  'provider_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    body: jsonb('body').notNull().default({}),
    status: text('status', { enum: ['pending', 'accepted'] })
      .notNull()
      .default('pending'),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [index('provider_requests_transaction').on(table.transactionId)],
);

export const providerWebhooks = pgTable('provider_webhooks', {
  /** `<provider>:<webhook-id>`: ids are unique per sender only. */
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'cascade' }),
  outcome: text('outcome', { enum: ['applied', 'ignored'] }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
