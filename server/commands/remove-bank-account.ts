/** A linked account removed, unless money is on its way to or from it, or a sale in progress uses it. */
import type { UserRow } from '../kernel/access';
import { markRemoved, removableAccount } from '../modules/money/bank-accounts';
import type { CommandContext } from './context';

export async function removeBankAccount(ctx: CommandContext, user: UserRow, id: string, inUse: (accountId: string) => Promise<boolean>) {
  const row = await removableAccount(ctx.db, user, id, inUse);
  await ctx.run({}, (uow) => markRemoved(uow.tx, row));
}
