/**
 * A listing site sends a deal agreed on it (issue 22) with its partner key. Its idempotency key
 * is the partner's: a retry answers the deal it made; the same key with another body is refused
 * (422), as on the user API.
 */
import type { PartnerDeal } from '../../src/domain/partner-contract';
import { checkSource, recordPartnerDeal } from '../modules/partners/partner-deals';
import type { PartnerKeyRow } from '../modules/partners/partner-keys';
import type { CommandContext } from './context';

export async function createPartnerDeal(
  ctx: CommandContext,
  partnerKey: PartnerKeyRow,
  input: PartnerDeal,
): Promise<{ dealId: string; replayed: boolean; buyerPaysFirst: boolean }> {
  checkSource(partnerKey, input);
  const { idempotencyKey, ...asked } = input;
  const key = {
    owner: `partner:${partnerKey.id}`,
    key: idempotencyKey,
    command: 'create partner deal',
    request: asked,
    label: 'Sending a deal',
  };
  const { result, replayed } = await ctx.run({ key }, async (uow) => ({ dealId: await recordPartnerDeal(uow, partnerKey, input) }));
  // A key's terms never change, so a replay answers the terms its deal was made under.
  return { dealId: result.dealId, replayed, buyerPaysFirst: partnerKey.buyerPaysFirst };
}
