/**
 * The bank accounts a user links (SPEC §2.2 /link-account; used to pay and to be paid). A link
 * starts with a link token made for this user, whose redirect URI is always the app's own origin;
 * the public token that comes back is exchanged only by the user the link token was made for,
 * once. Only the owner ever reads an account, its mask included; the tokens never leave the server.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BankAccount } from '../../../src/domain/bank-accounts';
import type { Database } from '../../db/client';
import { bankAccounts, bankLinkTokens, transfers } from '../../db/money-tables';
import type { BankLink } from '../../providers/bank-link';
import type { UserRow } from '../../kernel/access';
import type { Tx } from '../../kernel/event-log';
import { Refusal } from '../../kernel/refusal';
import { BadRequest } from '../../kernel/validation';

export class BankAccountRefusal extends Refusal {}

type Row = typeof bankAccounts.$inferSelect;

export const accountView = (row: Row): BankAccount => ({
  id: row.id,
  institution: row.institution,
  name: row.name,
  type: row.type,
  mask: row.mask,
  status: row.status,
  linkedAt: row.createdAt.toISOString(),
});

export async function accountsOf(db: Database, user: UserRow): Promise<BankAccount[]> {
  const rows = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, user.id), isNull(bankAccounts.removedAt)))
    .orderBy(bankAccounts.createdAt);
  return rows.map(accountView);
}

/** The user's own account (not removed), or 404: another user's id reveals nothing. */
export async function ownAccount(db: Pick<Database | Tx, 'select'>, user: Pick<UserRow, 'id'>, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, user.id), isNull(bankAccounts.removedAt)));
  if (!row) throw new BankAccountRefusal(404, 'Bank account not found.');
  return row;
}

/** A link token for `user` from the provider, which sends them back to `returnTo` (a path of this app) through /link-account. */
export async function newLinkToken(bankLink: BankLink, user: UserRow, appOrigin: string, returnTo: string) {
  const redirect = new URL('/link-account', appOrigin);
  redirect.searchParams.set('return', returnTo);
  return bankLink.createLinkToken(user.id, redirect.href);
}

/** Keeps the link token, so only `user` can finish the link, once. */
export async function keepLinkToken(tx: Tx, user: UserRow, link: { linkToken: string; expiresAt: string }) {
  await tx.insert(bankLinkTokens).values({ linkToken: link.linkToken, userId: user.id, expiresAt: new Date(link.expiresAt) });
}

/** Exchanges the public token the hosted page handed back: the account the person chose, as the provider knows it. */
export async function exchangeLink(db: Database, bankLink: BankLink, user: UserRow, input: { publicToken: string; linkToken: string }) {
  const [link] = await db
    .select()
    .from(bankLinkTokens)
    .where(and(eq(bankLinkTokens.linkToken, input.linkToken), eq(bankLinkTokens.userId, user.id)));
  if (!link || link.expiresAt < new Date()) throw new BankAccountRefusal(422, 'That bank link has expired. Link your bank again.');
  if (link.usedAt) throw new BankAccountRefusal(409, USED);
  const exchanged = await bankLink.exchange(input.publicToken);
  if (!exchanged || exchanged.linkToken !== input.linkToken)
    throw new BadRequest('publicToken: the bank link answer is not valid. Link your bank again.', 'publicToken');
  const { institution, accounts } = await bankLink.accounts(exchanged.accessToken);
  const chosen = accounts[0]!;
  const processorToken = await bankLink.processorToken(exchanged.accessToken, chosen.accountId);
  return {
    institution,
    name: chosen.name,
    type: chosen.type,
    mask: chosen.mask,
    providerItemId: exchanged.itemId,
    providerAccountId: chosen.accountId,
    accessToken: exchanged.accessToken,
    processorToken,
    status: chosen.status,
  };
}

const USED = 'That bank link was used already. Your account is in the list.';

/** Records the linked account, using up its link token. */
export async function recordAccount(tx: Tx, user: UserRow, linkToken: string, account: Awaited<ReturnType<typeof exchangeLink>>) {
  const [claimed] = await tx
    .update(bankLinkTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(bankLinkTokens.linkToken, linkToken), isNull(bankLinkTokens.usedAt)))
    .returning();
  if (!claimed) throw new BankAccountRefusal(409, USED);
  const [row] = await tx
    .insert(bankAccounts)
    .values({ userId: user.id, ...account })
    .returning();
  return accountView(row!);
}

/** The bank's answer to the two micro-deposits the person typed: the account's status after it, and the tries left when wrong. */
export async function checkMicroDeposits(bankLink: BankLink, row: Row, amountsCents: number[]) {
  const answer = await bankLink.verifyMicroDeposits(row.accessToken, row.providerAccountId, amountsCents);
  return { status: 'status' in answer ? answer.status : row.status, attemptsLeft: 'attemptsLeft' in answer ? answer.attemptsLeft : null };
}

export async function recordVerification(tx: Tx, row: Row, status: Row['status']) {
  const [updated] = await tx
    .update(bankAccounts)
    .set({ status, verificationAttempts: row.verificationAttempts + 1 })
    .where(eq(bankAccounts.id, row.id))
    .returning();
  return updated!;
}

/** A wrong pair of amounts: how many tries are left. */
export const wrongAmounts = (attemptsLeft: number) =>
  new BadRequest(
    `amounts: those amounts do not match the two deposits. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`,
    'amounts',
  );

/** The account, unless money is on its way to or from it (then link another and use it first). */
export async function removableAccount(db: Database, user: UserRow, id: string, inUse: (accountId: string) => Promise<boolean>) {
  const row = await ownAccount(db, user, id);
  const [moving] = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(and(eq(transfers.bankAccountId, row.id), inArray(transfers.status, ['pending'])));
  if (moving || (await inUse(row.id)))
    throw new BankAccountRefusal(
      409,
      `${row.institution} ••${row.mask} is used by a sale in progress. Link another account and choose it in that sale first.`,
    );
  return row;
}

export async function markRemoved(tx: Tx, row: Row) {
  await tx
    .update(bankAccounts)
    .set({ removedAt: sql`now()` })
    .where(eq(bankAccounts.id, row.id));
}
