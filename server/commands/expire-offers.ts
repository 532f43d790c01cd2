/**
 * Offers whose latest offer ran out expire (SPEC leaves expiry to us: 7 days) before anyone reads
 * them: all of a reader's, or the one they open, or — from the API's own schedule — every one.
 */
import { lockNegotiation } from '../modules/offers/negotiation-records';
import { dueNegotiations } from '../modules/offers/negotiations';
import type { CommandContext } from './context';

export async function expireOffers(ctx: CommandContext, scope?: { userId: string } | { negotiationId: string }): Promise<void> {
  for (const negotiationId of await dueNegotiations(ctx.db, scope)) await ctx.run({}, (uow) => lockNegotiation(uow, negotiationId));
}
