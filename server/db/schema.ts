/**
 * The database schema, one source for PGlite (local) and PostgreSQL (production). Change it
 * here, then `npm run db:generate` writes the next migration under server/db/migrations.
 */
import { boolean, check, date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** SPEC §3 user details; one row per identity-pool user, created on their first API call. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cognitoSub: text('cognito_sub').notNull().unique(),
    email: text('email').notNull(),
    type: text('type', { enum: ['admin', 'dealer', 'customer'] })
      .notNull()
      .default('customer'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    mobile: text('mobile'),
    cognitoIdentityId: text('cognito_identity_id'),
    isAdditionalDetailsSubmitted: boolean('is_additional_details_submitted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('users_type_check', sql`${table.type} in ('admin', 'dealer', 'customer')`)],
);

/**
 * A buyer profile (SPEC §7 `POST /users/{userId}/profile/{profileId}`): who buys and where the
 * vehicle is registered. The client chooses the id, so a repeated POST updates the same row.
 */
export const buyerProfiles = pgTable('buyer_profiles', {
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
});
