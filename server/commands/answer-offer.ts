/** A party answers an offer in the app (SPEC §2.1): counter, accept (a deal is made), decline or withdraw. */
import type { OfferActionInput } from '../../src/domain/offer-fields';
import type { UserRow } from '../kernel/access';
import { applyOfferAction, type ActionOutcome } from '../modules/offers/negotiations';
import { userKeys, type CommandContext } from './context';

export async function answerOffer(ctx: CommandContext, user: UserRow, negotiationId: string, input: OfferActionInput): Promise<void> {
  const { idempotencyKey, ...asked } = input;
  const key = idempotencyKey
    ? {
        owner: userKeys(user),
        key: idempotencyKey,
        command: 'answer offer',
        request: { negotiationId, ...asked },
        label: 'Answering an offer',
      }
    : undefined;
  await ctx.run({ key }, (uow): Promise<ActionOutcome> => applyOfferAction(uow, negotiationId, { kind: 'user', user }, input));
}
