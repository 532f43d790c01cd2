/**
 * Transport: the delivery quotes the vendors gave a buyer (a booking names one, so its price is
 * the vendor's, never the browser's), and the deal's shipment with each update the vendor sent.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SHIPMENT_STATUSES, TRANSPORT_KINDS, TRANSPORT_VENDORS } from '../../src/domain/transport';
import { deals, transactions } from './schema';

export const transportQuotes = pgTable(
  'transport_quotes',
  {
    id: text('id').primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    vendor: text('vendor', { enum: TRANSPORT_VENDORS }).notNull(),
    carrier: text('carrier', { enum: ['open', 'enclosed'] }).notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    miles: integer('miles').notNull(),
    pickupWindow: jsonb('pickup_window').notNull(),
    deliveryWindow: jsonb('delivery_window').notNull(),
    fromAddress: jsonb('from_address').notNull(),
    toAddress: jsonb('to_address').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('transport_quotes_transaction').on(table.transactionId)],
);

export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TRANSPORT_KINDS }).notNull(),
    vendor: text('vendor', { enum: TRANSPORT_VENDORS }),
    carrier: text('carrier', { enum: ['open', 'enclosed'] }),
    quoteId: text('quote_id').references(() => transportQuotes.id),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    fromAddress: jsonb('from_address'),
    toAddress: jsonb('to_address'),
    pickupWindow: jsonb('pickup_window'),
    deliveryWindow: jsonb('delivery_window'),
    appointment: jsonb('appointment'),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('booked'),
    driver: text('driver'),
    /** The vendor's order id, once it took the booking. */
    externalId: text('external_id'),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One live shipment per deal: a changed booking cancels the one before.
  (table) => [
    uniqueIndex('shipments_live')
      .on(table.dealId)
      .where(sql`${table.status} <> 'cancelled'`),
  ],
);

export const shipmentUpdates = pgTable(
  'shipment_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('shipment_updates_shipment').on(table.shipmentId)],
);
