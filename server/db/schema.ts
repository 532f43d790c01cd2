/**
 * The database schema, one source for PGlite (local) and PostgreSQL (production). Change it
 * here, then `npm run db:generate` writes the next migration under server/db/migrations.
 */
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { CHANGE_KINDS } from '../../src/domain/live-contract';
import { NEGOTIATION_STATUSES } from '../../src/domain/offer-lifecycle';
import { DELIVERY_CONFIRMERS } from '../../src/domain/delivery';
import { DEAL_ROLES, SIDES, USER_TYPES } from '../../src/domain/parties';
import { FLOWS, TRANSACTION_STATUSES, type TransactionStatus } from '../../src/domain/transaction-flows';
import { TRANSACTION_EVENTS } from '../../src/domain/transaction-transitions';
import type { StepData } from '../../src/domain/transaction-contract';

/** SPEC §3 user details; one row per identity-pool user, created on their first API call. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cognitoSub: text('cognito_sub').notNull().unique(),
    email: text('email').notNull(),
    /** The identity pool said the e-mail is the person's: only then is what was sent to it theirs (DESIGN §12). */
    emailVerified: boolean('email_verified').notNull().default(false),
    type: text('type', { enum: USER_TYPES }).notNull().default('customer'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    mobile: text('mobile'),
    cognitoIdentityId: text('cognito_identity_id'),
    isAdditionalDetailsSubmitted: boolean('is_additional_details_submitted').notNull().default(false),
    /** The user's Caramel code (src/domain/caramel-code.ts), given the first time they ask for it. */
    caramelCode: text('caramel_code').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_type_check', sql`${table.type} in ('admin', 'dealer', 'customer')`),
    index('users_verified_email')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.emailVerified}`),
  ],
);

/**
 * A buyer profile (SPEC §7 `POST /users/{userId}/profile/{profileId}`): who buys and where the
 * vehicle is registered. The client chooses the id, so a repeated POST updates the same row.
 */
export const buyerProfiles = pgTable(
  'buyer_profiles',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    legalFirstName: text('legal_first_name').notNull(),
    legalLastName: text('legal_last_name').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('buyer_profiles_user_idx').on(table.userId)],
);

/**
 * A vehicle as offered: identified by VIN (decoded when the offer was made), or described by a
 * buyer (year, make, model, the VIN if they knew it) until its seller confirms it. A deal is made
 * only on a confirmed vehicle, which always has its VIN.
 */
export const vehicles = pgTable('vehicles', {
  id: uuid('id').primaryKey().defaultRandom(),
  vin: text('vin'),
  modelYear: integer('model_year').notNull(),
  make: text('make'),
  model: text('model'),
  mileage: integer('mileage').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One negotiation between one seller and one buyer about one vehicle (src/domain/offer-lifecycle.ts).
 * A side is known by user once they have an account here, by e-mail until then.
 */
export const negotiations = pgTable(
  'negotiations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    status: text('status', { enum: NEGOTIATION_STATUSES }).notNull(),
    sellerUserId: uuid('seller_user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerUserId: uuid('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    sellerEmail: text('seller_email'),
    buyerEmail: text('buyer_email'),
    partnerUid: text('partner_uid'),
    partnerSource: text('partner_source').notNull().default('caramel'),
    /** Started by someone who typed this user's Caramel code instead of an e-mail. */
    codeOwnerUserId: uuid('code_owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Rises with every change its parties see in the offer: its live notices carry it, and the app compares it with its copy. */
    version: integer('version').notNull().default(1),
    /** Rises with every change in the offer's thread (a message, a receipt): its live notices carry it. */
    threadVersion: integer('thread_version').notNull().default(0),
  },
  // Each side's list and dashboard counts look negotiations up by user.
  (table) => [
    index('negotiations_vehicle_idx').on(table.vehicleId),
    index('negotiations_seller_user_idx').on(table.sellerUserId),
    index('negotiations_buyer_user_idx').on(table.buyerUserId),
  ],
);

/** The chain of offers in a negotiation; the newest is the one awaiting an answer. */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    negotiationId: uuid('negotiation_id')
      .notNull()
      .references(() => negotiations.id, { onDelete: 'cascade' }),
    fromRole: text('from_role', { enum: SIDES }).notNull(),
    amountDollars: integer('amount_dollars').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index('offers_negotiation_idx').on(table.negotiationId, table.createdAt),
    check('offers_amount_positive', sql`${table.amountDollars} > 0`),
  ],
);

/** Every change to a negotiation: who, when, what — its timeline. */
export const negotiationEvents = pgTable(
  'negotiation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    negotiationId: uuid('negotiation_id')
      .notNull()
      .references(() => negotiations.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull().default({}),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [index('negotiation_events_idx').on(table.negotiationId, table.at)],
);

/** Shared offer links: only a hash of the token is kept, so the table cannot be used to open offers. */
export const offerLinks = pgTable('offer_links', {
  tokenHash: text('token_hash').primaryKey(),
  negotiationId: uuid('negotiation_id')
    .notNull()
    .references(() => negotiations.id, { onDelete: 'cascade' }),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A deal: an accepted negotiation. The unique negotiation id makes a second deal impossible. */
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    negotiationId: uuid('negotiation_id')
      .notNull()
      .unique()
      .references(() => negotiations.id),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    priceDollars: integer('price_dollars').notNull(),
    partnerUid: text('partner_uid'),
    partnerSource: text('partner_source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The title desk has the signed-over title (the first half of the seller's payout is released). */
    titleReceivedAt: timestamp('title_received_at', { withTimezone: true }),
    /** Cancelled by a party before the car was handed over: nothing moves on, held money goes back. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: SIDES }),
    cancellationReason: text('cancellation_reason'),
    cancellationFeeCents: integer('cancellation_fee_cents').notNull().default(0),
    /** When the money that waits on delivery is released unless the buyer raises a problem (the handover plus the clock). */
    deliveryDueAt: timestamp('delivery_due_at', { withTimezone: true }),
    /** Delivery counts as done (src/domain/delivery.ts): confirmed by the buyer, by the clock running out, or by an admin's decision. */
    deliveryConfirmedAt: timestamp('delivery_confirmed_at', { withTimezone: true }),
    /** When the buyer was reminded their time is running out (set at the start for a clock too short to need it). */
    deliveryRemindedAt: timestamp('delivery_reminded_at', { withTimezone: true }),
    deliveryConfirmedBy: text('delivery_confirmed_by', { enum: DELIVERY_CONFIRMERS }),
  },
  (table) => [
    // The release job's question: which deals' clocks have run out and are not confirmed yet.
    index('deals_delivery_due')
      .on(table.deliveryDueAt)
      .where(sql`${table.deliveryConfirmedAt} is null`),
  ],
);

/** SPEC §3 party roles in a deal; a party without an account yet is known by e-mail. */
export const dealParties = pgTable(
  'deal_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    role: text('role', { enum: DEAL_ROLES }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
  },
  // A user's deals and transactions are found through their party rows.
  (table) => [unique('deal_parties_role').on(table.dealId, table.role), index('deal_parties_user_idx').on(table.userId)],
);

/**
 * Each side's transaction of a deal: its flow and status (src/domain/transaction-transitions.ts)
 * and a version that every applied event increments, so a stale action is answered with 409.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    side: text('side', { enum: SIDES }).notNull(),
    flow: text('flow', { enum: FLOWS }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES as [TransactionStatus, ...TransactionStatus[]] }).notNull(),
    version: integer('version').notNull().default(0),
    /**
     * The step data its events fold to at `version`, written by the statement that saves the version (DESIGN §13, state
     * beside events), by the fold code of `fold_revision`: a row folded by older code is folded again from its events.
     */
    stepData: jsonb('step_data').$type<StepData>(),
    foldRevision: integer('fold_revision').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('transactions_side').on(table.dealId, table.side)],
);

/**
 * Append-only: every applied event with who sent it and the idempotency key the party's device
 * created when they acted; a key is applied at most once per transaction. Provider answers have
 * no key (they are written in the same database transaction as the request that asked).
 */
export const transactionEvents = pgTable(
  'transaction_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    actor: text('actor', { enum: ['party', 'provider'] }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event', { enum: TRANSACTION_EVENTS }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    fromStatus: text('from_status', { enum: TRANSACTION_STATUSES as [TransactionStatus, ...TransactionStatus[]] }).notNull(),
    toStatus: text('to_status', { enum: TRANSACTION_STATUSES as [TransactionStatus, ...TransactionStatus[]] }).notNull(),
    idempotencyKey: uuid('idempotency_key'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('transaction_events_key').on(table.transactionId, table.idempotencyKey),
    unique('transaction_events_version').on(table.transactionId, table.version),
  ],
);

/**
 * What the product tells a person (server/notifications): mailed once (`sentAt` claims it) and,
 * for someone with an account (`userId`), shown in their overview. `dedupKey` names the event it
 * is about, so the same event never writes two; `link` is the app path it leads to.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toEmail: text('to_email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind'),
    dedupKey: text('dedup_key').unique(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    negotiationId: uuid('negotiation_id').references(() => negotiations.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_user').on(table.userId, table.createdAt)],
);

/**
 * The live feed (server/live, DESIGN.md §11): one row per change notice a user is owed, written in
 * the same database transaction as the change. Its `seq` is the stream's event id, so a tab that
 * reconnects is sent what it missed; rows older than a week are deleted.
 */
export const liveChanges = pgTable(
  'live_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHANGE_KINDS }).notNull(),
    entityId: uuid('entity_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('live_changes_user').on(table.userId, table.seq), index('live_changes_at').on(table.at)],
);

/**
 * A document upload the API authorised (issue 8): the key it chose under the caller's private
 * prefix, the S3 multipart upload id (none for a single request), the size the browser declared
 * and the part size it plans with. `completed` only after the stored object's size matched;
 * `review` says whether the file is what the slot asks for (a refusal carries the reason).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull().unique(),
    s3UploadId: text('s3_upload_id'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    partSize: bigint('part_size', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['in progress', 'completed', 'aborted'] })
      .notNull()
      .default('in progress'),
    review: text('review', { enum: ['received', 'refused'] }),
    refusalReason: text('refusal_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [index('uploads_transaction').on(table.transactionId, table.userId), index('uploads_s3_upload').on(table.s3UploadId)],
);

/**
 * Rate-limit counters (server/api/guards/rate-limits.ts): hits per key in a fixed window, in the
 * database so that every API process counts against the same numbers. Spent windows are deleted.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_resets_at').on(table.resetsAt)],
);
