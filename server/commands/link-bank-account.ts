/**
 * Linking a bank account (SPEC §2.2 /link-account), in two halves like the provider's own: a link
 * token made for the caller, whose hosted page comes back to this app only; then the public token
 * it handed back exchanged — by that caller, once — for the account they chose.
 */
import type { UserRow } from '../kernel/access';
import { exchangeLink, keepLinkToken, newLinkToken, recordAccount } from '../modules/money/bank-accounts';
import type { CommandContext } from './context';

export async function startBankLink(ctx: CommandContext, user: UserRow, returnTo: string) {
  const link = await newLinkToken(ctx.providers.bankLink, user, ctx.appOrigin, returnTo);
  await ctx.run({}, (uow) => keepLinkToken(uow.tx, user, link));
  return { url: link.hostedUrl, expiresAt: link.expiresAt };
}

export async function finishBankLink(ctx: CommandContext, user: UserRow, input: { publicToken: string; linkToken: string }) {
  const account = await exchangeLink(ctx.db, ctx.providers.bankLink, user, input);
  return (await ctx.run({}, (uow) => recordAccount(uow.tx, user, input.linkToken, account))).result;
}
