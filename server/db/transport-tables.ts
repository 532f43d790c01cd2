/**
 * Transport: the delivery quotes the vendors gave a buyer (a booking names one, so its price is
 * the vendor's, never the browser's), the deal's shipment with each update the vendor sent, and
 * each party's record of the handover (src/domain/handover.ts), one per side, stamped by the server.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SHIPMENT_STATUSES, TRANSPORT_KINDS, TRANSPORT_VENDORS } from '../../src/domain/transport';
import type { HandoverSlot } from '../../src/domain/handover';
import { deals, transactions, users } from './schema';

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
  // One live shipment per deal: a changed booking cancels the one before. A deal's shipments, cancelled ones too,
  // are read by their deal (the transaction's detail): without their own index that read scanned every shipment.
  (table) => [
    uniqueIndex('shipments_live')
      .on(table.dealId)
      .where(sql`${table.status} <> 'cancelled'`),
    index('shipments_deal').on(table.dealId, table.createdAt),
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

export const handoverRecords = pgTable(
  'handover_records',
  {
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['buyer', 'seller'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    odometerMiles: integer('odometer_miles').notNull(),
    keysHandedOver: boolean('keys_handed_over').notNull(),
    titleHandedOver: boolean('title_handed_over').notNull(),
    /** Each photo as stored when the record was made: its slot, file, key and SHA-256. */
    photos: jsonb('photos').$type<{ slot: HandoverSlot; fileName: string; documentKey: string; sha256: string }[]>().notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [primaryKey({ columns: [table.dealId, table.side] })],
);
