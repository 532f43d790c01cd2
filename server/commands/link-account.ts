/** `/link-offer`: what was made for a verified e-mail (offers, deals, notifications) becomes the signed-in account's. */
import type { LinkAccountAnswer } from '../../src/domain/offer-contract';
import type { UserRow } from '../kernel/access';
import { attachByEmail } from '../modules/offers/deals';
import type { CommandContext } from './context';

export async function linkAccount(ctx: CommandContext, user: UserRow): Promise<LinkAccountAnswer> {
  return (await ctx.run({}, (uow) => attachByEmail(uow, user))).result;
}
