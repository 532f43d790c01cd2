/**
 * Signing (DESIGN.md §9): one envelope per deal at the e-signature provider, the documents we made
 * for it (their storage keys and SHA-256, the signed copies once the provider has them) and each
 * party as a recipient (their consent, what they share after closing, when they signed and from where).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { deals, users } from './schema';

export const envelopes = pgTable(
  'envelopes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    status: text('status', { enum: ['created', 'sent', 'completed', 'refused'] })
      .notNull()
      .default('created'),
    refusedReason: text('refused_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  // One live envelope per deal; a refused one stays for the record.
  (table) => [index('envelopes_deal_idx').on(table.dealId), unique('envelopes_external_unique').on(table.externalId)],
);

export const envelopeDocuments = pgTable(
  'envelope_documents',
  {
    envelopeId: uuid('envelope_id')
      .notNull()
      .references(() => envelopes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    signedKey: text('signed_key'),
    signedSha256: text('signed_sha256'),
  },
  (table) => [primaryKey({ columns: [table.envelopeId, table.kind] })],
);

export const envelopeRecipients = pgTable(
  'envelope_recipients',
  {
    envelopeId: uuid('envelope_id')
      .notNull()
      .references(() => envelopes.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['buyer', 'seller'] }).notNull(),
    /** Null for a dealer's customer not signed in yet when the dealer signs first; they sign as the deal's buyer once they are. */
    userId: uuid('user_id').references(() => users.id),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    shareContact: boolean('share_contact').notNull().default(false),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedFrom: text('signed_from'),
  },
  (table) => [primaryKey({ columns: [table.envelopeId, table.side] })],
);

/** Closed deals: both parties reached their flow's last status (the closing mail goes once, with this row). */
export const dealClosings = pgTable('deal_closings', {
  dealId: uuid('deal_id')
    .primaryKey()
    .references(() => deals.id, { onDelete: 'cascade' }),
  closedAt: timestamp('closed_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
