/**
 * The database schema, one source for PGlite (local) and PostgreSQL (production). Change it
 * here, then `npm run db:generate` writes the next migration under server/db/migrations.
 */
import { boolean, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
