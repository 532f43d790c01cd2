/** The two micro-deposits confirmed (SPEC §2.2): a wrong pair says how many tries are left. */
import type { UserRow } from '../kernel/access';
import { accountView, checkMicroDeposits, ownAccount, recordVerification, wrongAmounts } from '../modules/money/bank-accounts';
import type { CommandContext } from './context';

export async function verifyBankAccount(ctx: CommandContext, user: UserRow, id: string, amountsCents: number[]) {
  const row = await ownAccount(ctx.db, user, id);
  if (row.status !== 'pending verification') return accountView(row);
  const answer = await checkMicroDeposits(ctx.providers.bankLink, row, amountsCents);
  const updated = (await ctx.run({}, (uow) => recordVerification(uow.tx, row, answer.status))).result;
  if (answer.attemptsLeft !== null) throw wrongAmounts(answer.attemptsLeft);
  return accountView(updated);
}
