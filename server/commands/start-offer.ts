/**
 * A signed-in person starts a sale or an offer to buy (SPEC §2.1): the vehicle, the first offer,
 * and a link to share. A repeated idempotency key answers the negotiation it made, without a link
 * (only the link's hash is kept, so the first answer is the only one that carries it).
 */
import type { StartOffer } from '../../src/domain/offer-fields';
import type { UserRow } from '../kernel/access';
import { codeOwnerFor, recordNegotiation, type Counterparty } from '../modules/offers/negotiations';
import { accountWithEmail } from '../modules/users/user-records';
import { OfferRefusal } from '../modules/offers/negotiation-records';
import { userKeys, type CommandContext } from './context';

export async function startOffer(
  ctx: CommandContext,
  user: UserRow,
  input: StartOffer,
): Promise<{ negotiationId: string; shareUrl: string | null; replayed: boolean }> {
  if (input.counterpartyEmail && input.counterpartyEmail.toLowerCase() === user.email.toLowerCase())
    throw new OfferRefusal(400, 'You cannot make an offer to yourself.');
  // An account reached by its code, or by the e-mail it verified, has the offer at once: in its dashboard, told, live.
  const codeOwner = input.counterpartyCode === undefined ? undefined : await codeOwnerFor(ctx.db, input.counterpartyCode, user);
  const emailOwner = input.counterpartyEmail ? await accountWithEmail(ctx.db, input.counterpartyEmail) : undefined;
  const counterparty: Counterparty | undefined = codeOwner
    ? { account: codeOwner, viaCode: true }
    : emailOwner && { account: emailOwner, viaCode: false };
  const { idempotencyKey, ...asked } = input;
  const key = idempotencyKey
    ? {
        owner: userKeys(user),
        key: idempotencyKey,
        command: 'start offer',
        request: asked,
        label: 'Making an offer',
      }
    : undefined;
  const { result, replayed } = await ctx.run({ key }, async (uow) => {
    const made = await recordNegotiation(uow, user, input, counterparty, ctx.appOrigin);
    return { negotiationId: made.negotiationId, shareUrl: made.shareUrl as string | null };
  });
  return { negotiationId: result.negotiationId, shareUrl: replayed ? null : result.shareUrl, replayed };
}
