/**
 * A visitor answers an offer through a shared link with their e-mail (SPEC §6 public routes): the
 * link's own negotiation, or one of their own at the asking price when another buyer took it.
 */
import type { OfferActionInput } from '../../src/domain/offer-fields';
import { applyOfferAction, type ActionOutcome } from '../modules/offers/negotiations';
import { visitorNegotiation } from '../modules/offers/share-links';
import type { CommandContext } from './context';

export async function answerOfferByLink(
  ctx: CommandContext,
  token: string,
  email: string,
  input: OfferActionInput,
): Promise<ActionOutcome> {
  const address = email.trim().toLowerCase();
  const { result } = await ctx.run({}, async (uow) => {
    const visitor = await visitorNegotiation(uow, token, address, input.latestOfferId);
    return applyOfferAction(uow, visitor.negotiationId, visitor.acting, { ...input, latestOfferId: visitor.latestOfferId });
  });
  return result;
}
