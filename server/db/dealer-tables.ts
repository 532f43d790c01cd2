/**
 * The dealer programme (issue 22): dealerships (an admin's grant, revocable), the sales a dealer
 * submits with the customer's credit application and the dealer-lender's decision, and the keys
 * listing sites use to send partner deals. A credit application is kept without its SSN: only the
 * last four digits, for the dealer to tell applications apart; the full number goes to the lender
 * in the request and is dropped from it once the lender has taken it.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES } from '../../src/domain/dealer-application-contract';
import { DECISIONS, SALE_KINDS } from '../../src/domain/dealer-contract';
import { deals, users } from './schema';

export const dealerships = pgTable('dealerships', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  licenceNumber: text('licence_number').notNull(),
  addressLine1: text('address_line1').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  postalCode: text('postal_code').notNull(),
  grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  /** Taken back by an admin: the user is a customer again, their sales stay. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * A user's application to join the programme, kept once decided (the admin's list shows the recent
 * ones, the applicant their latest). At most one waits per user: a partial unique index, so two
 * sends at once cannot both be taken. Approving copies the details into `dealerships`.
 */
export const dealerApplications = pgTable(
  'dealer_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealershipName: text('dealership_name').notNull(),
    /** Upper-cased, as the dealership row keeps it. */
    licenceNumber: text('licence_number').notNull(),
    addressLine1: text('address_line1').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    note: text('note'),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('dealer_applications_one_pending')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    index('dealer_applications_user').on(table.userId, table.createdAt),
    index('dealer_applications_decided')
      .on(table.decidedAt)
      .where(sql`${table.decidedAt} is not null`),
    check('dealer_applications_status', sql`${table.status} in ('pending', 'approved', 'declined')`),
    check('dealer_applications_note_length', sql`char_length(${table.note}) <= 500`),
    check('dealer_applications_decline_reason', sql`(${table.status} = 'declined') = (${table.declineReason} is not null)`),
  ],
);

export const dealerSales = pgTable(
  'dealer_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealerUserId: uuid('dealer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealId: uuid('deal_id')
      .notNull()
      .unique()
      .references(() => deals.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SALE_KINDS }).notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerMobile: text('customer_mobile').notNull(),
    /** Income, housing, employment, consent time and `ssnLast4`; never the SSN itself. */
    application: jsonb('application'),
    decision: text('decision', { enum: DECISIONS }),
    terms: jsonb('terms'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The term, down payment and products the dealer chose (src/domain/dealer-contract.ts structureOf). */
    structure: jsonb('structure'),
    /** When the dealer sent the documents to the lender for its funding review. */
    reviewSubmittedAt: timestamp('review_submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('dealer_sales_dealer').on(table.dealerUserId, table.createdAt),
    check('dealer_sales_no_ssn', sql`not (coalesce(${table.application}, '{}'::jsonb) ? 'ssn')`),
  ],
);

/** A listing site's key for the partner API: only its SHA-256 is kept; it is shown once, when made. */
export const partnerKeys = pgTable('partner_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  source: text('source').notNull(),
  label: text('label').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  /** The partner's terms: its buyers pay before they sign (the payment-first flow), not through financing. */
  buyerPaysFirst: boolean('buyer_pays_first').notNull().default(false),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
