/**
 * Notifications on a person's devices (Web Push, DESIGN.md §7): each browser that said yes is a
 * subscription (an endpoint of its push service and the keys payloads are encrypted to), and what
 * a person turned off is kept per account, for all their devices. A subscription belongs to the
 * person signed in on that browser when it was handed over; signing out removes it.
 */
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_user').on(table.userId)],
);

export const pushPreferences = pgTable('push_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  turn: boolean('turn').notNull().default(true),
  messages: boolean('messages').notNull().default(true),
  money: boolean('money').notNull().default(true),
  delivery: boolean('delivery').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
