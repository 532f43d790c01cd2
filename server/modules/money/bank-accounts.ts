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
import type { UserRow } from '../users/user-records';
import { BadRequest } from '../../kernel/validation';

export class BankAccountRefusal extends Error {
  constructor(
    readonly statusCode: 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

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
export async function ownAccount(db: Pick<Database, 'select'>, user: Pick<UserRow, 'id'>, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, user.id), isNull(bankAccounts.removedAt)));
  if (!row) throw new BankAccountRefusal(404, 'Bank account not found.');
  return row;
}

/** A link token for `user`; the provider sends them back to `returnTo` (a path of this app) through /link-account. */
export async function startLink(db: Database, bankLink: BankLink, user: UserRow, appOrigin: string, returnTo: string) {
  const redirect = new URL('/link-account', appOrigin);
  redirect.searchParams.set('return', returnTo);
  const link = await bankLink.createLinkToken(user.id, redirect.href);
  await db.insert(bankLinkTokens).values({ linkToken: link.linkToken, userId: user.id, expiresAt: new Date(link.expiresAt) });
  return { url: link.hostedUrl, expiresAt: link.expiresAt };
}

/** Exchanges the public token the hosted page handed back and records the chosen account. */
export async function finishLink(db: Database, bankLink: BankLink, user: UserRow, input: { publicToken: string; linkToken: string }) {
  const [link] = await db
    .select()
    .from(bankLinkTokens)
    .where(and(eq(bankLinkTokens.linkToken, input.linkToken), eq(bankLinkTokens.userId, user.id)));
  if (!link || link.expiresAt < new Date()) throw new BankAccountRefusal(422, 'That bank link has expired. Link your bank again.');
  if (link.usedAt) throw new BankAccountRefusal(409, 'That bank link was used already. Your account is in the list.');
  const exchanged = await bankLink.exchange(input.publicToken);
  if (!exchanged || exchanged.linkToken !== input.linkToken)
    throw new BadRequest('publicToken: the bank link answer is not valid. Link your bank again.', 'publicToken');
  const { institution, accounts } = await bankLink.accounts(exchanged.accessToken);
  const chosen = accounts[0]!;
  const processorToken = await bankLink.processorToken(exchanged.accessToken, chosen.accountId);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(bankLinkTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(bankLinkTokens.linkToken, input.linkToken), isNull(bankLinkTokens.usedAt)))
      .returning();
    if (!claimed) throw new BankAccountRefusal(409, 'That bank link was used already. Your account is in the list.');
    const [row] = await tx
      .insert(bankAccounts)
      .values({
        userId: user.id,
        institution,
        name: chosen.name,
        type: chosen.type,
        mask: chosen.mask,
        providerItemId: exchanged.itemId,
        providerAccountId: chosen.accountId,
        accessToken: exchanged.accessToken,
        processorToken,
        status: chosen.status,
      })
      .returning();
    return accountView(row!);
  });
}

/** Confirms the two micro-deposits; a wrong pair says how many tries are left. */
export async function confirmMicroDeposits(db: Database, bankLink: BankLink, user: UserRow, id: string, amountsCents: number[]) {
  const row = await ownAccount(db, user, id);
  if (row.status !== 'pending verification') return accountView(row);
  const answer = await bankLink.verifyMicroDeposits(row.accessToken, row.providerAccountId, amountsCents);
  const status = 'status' in answer ? answer.status : row.status;
  const [updated] = await db
    .update(bankAccounts)
    .set({ status, verificationAttempts: row.verificationAttempts + 1 })
    .where(eq(bankAccounts.id, row.id))
    .returning();
  if ('attemptsLeft' in answer)
    throw new BadRequest(
      `amounts: those amounts do not match the two deposits. ${answer.attemptsLeft} ${answer.attemptsLeft === 1 ? 'try' : 'tries'} left.`,
      'amounts',
    );
  return accountView(updated!);
}

/** Removes an account, unless money is on its way to or from it (then link another and use it first). */
export async function removeAccount(db: Database, user: UserRow, id: string, inUse: (accountId: string) => Promise<boolean>) {
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
  await db
    .update(bankAccounts)
    .set({ removedAt: sql`now()` })
    .where(eq(bankAccounts.id, row.id));
}
