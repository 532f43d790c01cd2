/**
 * A partner's deal (issue 22, SPEC §3): the vehicle, an accepted negotiation at the partner's
 * price, the deal with the partner's uid and the KEY's source (never one the body names), both
 * parties by e-mail until they sign in and link it; both are told. The partner's terms decide the
 * buyer's flow.
 */
import { DEAL_KINDS } from '../../../src/domain/transaction-transitions';
import { formatDollars, vehicleName } from '../../../src/domain/offer-format';
import { partnerSourceName, type PartnerDeal } from '../../../src/domain/partner-contract';
import { vehicles } from '../../db/schema';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { DealerRefusal } from '../dealers/dealerships';
import { dealAtPrice } from '../offers/deals';
import { offeredVehicleRow } from '../offers/offer-vehicles';
import type { PartnerKeyRow } from './partner-keys';

/** The partner's terms decide the buyer's flow; the seller's is the usual one either way. */
const flowsOf = (key: PartnerKeyRow) => DEAL_KINDS[key.buyerPaysFirst ? 'a partner’s deal, the buyer paying first' : 'a private sale'];

/** Refused when the body names another source than the key's. */
export function checkSource(key: PartnerKeyRow, input: PartnerDeal): void {
  if (input.source !== undefined && input.source !== key.source)
    throw new DealerRefusal(403, `This key is for ${key.source}: it cannot make deals for ${input.source}.`);
}

/** Makes the partner's deal: its id. */
export async function recordPartnerDeal(uow: UnitOfWork, key: PartnerKeyRow, input: PartnerDeal): Promise<string> {
  const vehicle = offeredVehicleRow(input.vehicle, 'seller');
  const [saved] = await uow.tx.insert(vehicles).values(vehicle).returning();
  const { negotiation, dealId } = await dealAtPrice(
    uow,
    {
      vehicleId: saved!.id,
      sellerEmail: input.sellerEmail.toLowerCase(),
      buyerEmail: input.buyerEmail.toLowerCase(),
      partnerUid: input.partnerUid,
      partnerSource: key.source,
    },
    input.priceDollars,
    { kind: 'visitor', email: input.sellerEmail, role: 'seller' },
    flowsOf(key),
  );
  uow.emit('partner deal.made', {
    dealId,
    negotiationId: negotiation.id,
    what: `${vehicleName(saved!)} for ${formatDollars(input.priceDollars)}`,
    listedOn: partnerSourceName(key.source),
    buyerPaysFirst: key.buyerPaysFirst,
  });
  return dealId;
}
