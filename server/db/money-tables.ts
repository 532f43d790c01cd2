/**
 * Money (DESIGN.md §10): the bank accounts people link, the transfers the payments processor
 * carries out (in from a bank, out to one), and the append-only double-entry ledger — a journal
 * per movement, with lines that sum to zero and a key unique per deal, so a movement is posted
 * once however often the rule that posts it runs. Balances are sums of lines, never stored.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_ACCOUNTS } from '../../src/domain/settlement';
import { deals, transactions, users } from './schema';

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    institution: text('institution').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['checking', 'savings'] }).notNull(),
    mask: text('mask').notNull(),
    /** The bank-link provider's item and account, and the token that reads them: never sent to a browser. */
    providerItemId: text('provider_item_id').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    accessToken: text('access_token').notNull(),
    /** What the payments processor moves money with (the bank link's processor token for this account). */
    processorToken: text('processor_token').notNull(),
    status: text('status', { enum: ['verified', 'pending verification', 'verification failed'] }).notNull(),
    verificationAttempts: integer('verification_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [index('bank_accounts_user').on(table.userId)],
);

/** Link tokens handed to a user's browser: a public token is exchanged only for the user it was made for. */
export const bankLinkTokens = pgTable('bank_link_tokens', {
  linkToken: text('link_token').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const TRANSFER_PURPOSES = [
  'buyer payment',
  'loan funding',
  'seller difference',
  'seller recovery',
  'lien payoff',
  'seller payout',
  'refund',
] as const;

export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** `collect` pulls money in to be held; `pay` sends held money out. */
    direction: text('direction', { enum: ['collect', 'pay'] }).notNull(),
    purpose: text('purpose', { enum: TRANSFER_PURPOSES }).notNull(),
    /** The ledger account on the far side of the transfer. */
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    /** Who receives or pays when it is not one of our users' linked accounts (a lender). */
    counterparty: text('counterparty'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'settled', 'returned'] })
      .notNull()
      .default('pending'),
    returnCode: text('return_code'),
    returnReason: text('return_reason'),
    /** Unique per deal: the rule that asks for a transfer asks once. */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    unique('transfers_key').on(table.dealId, table.key),
    index('transfers_transaction').on(table.transactionId),
    check('transfers_positive', sql`${table.amountCents} > 0`),
  ],
);

export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    reason: text('reason').notNull(),
    transferId: uuid('transfer_id').references(() => transfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('ledger_journals_key').on(table.dealId, table.key)],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: 'cascade' }),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (table) => [index('ledger_lines_journal').on(table.journalId), check('ledger_lines_nonzero', sql`${table.cents} <> 0`)],
);
