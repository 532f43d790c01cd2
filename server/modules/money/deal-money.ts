/**
 * A deal's money from both sides' step data, by the one domain function each (DESIGN.md §10):
 * the buyer's price breakdown (financing, protection, transport, tax by their state), the
 * seller's payout (lien, fee), and the settlement plan the ledger follows. The transaction views
 * show the same figures, so what each party read is what moves.
 */
import { and, eq } from 'drizzle-orm';
import type { SaleStructure } from '../../../src/domain/dealer-contract';
import { dealerPriceBreakdown } from '../../../src/domain/dealer-pricing';
import { priceBreakdown, type PriceBreakdown } from '../../../src/domain/pricing';
import { sellerPayout, type SellerPayout } from '../../../src/domain/seller-pricing';
import { settlementPlan, type SettlementPlan } from '../../../src/domain/settlement';
import type { StepData } from '../../../src/domain/transaction-contract';
import { transportLabel } from '../../../src/domain/transport';
import type { Database } from '../../db/client';
import { dealerSales } from '../../db/dealer-tables';
import { buyerProfiles, dealParties } from '../../db/schema';
import type { Providers } from '../../providers/providers';
import { dealAndVehicle, dealSides, type DealAndVehicle, type DealSides } from '../../kernel/deal-sides';
import type { Tx } from '../../kernel/event-log';

type Reader = Database | Tx;

/** The buyer's state for sales tax: their verified address, else their profile's. */
async function buyerState(db: Reader, dealId: string, data: StepData): Promise<string | null> {
  if (data.identity.address) return data.identity.address.state;
  const [buyer] = await db
    .select({ state: buyerProfiles.state })
    .from(dealParties)
    .innerJoin(buyerProfiles, eq(buyerProfiles.userId, dealParties.userId))
    .where(and(eq(dealParties.dealId, dealId), eq(dealParties.role, 'buyer')));
  return buyer?.state ?? null;
}

export interface DealMoney {
  breakdown: PriceBreakdown;
  payout: SellerPayout;
  plan: SettlementPlan;
}

/** The deal's figures from what each side has chosen so far; what the caller has read already is not read again. */
export async function dealMoney(
  db: Reader,
  providers: Providers,
  dealId: string,
  known: { sides?: DealSides; deal?: DealAndVehicle } = {},
): Promise<DealMoney> {
  const { deal, vehicle } = known.deal ?? (await dealAndVehicle(db, dealId));
  const { buyer, seller } = known.sides ?? (await dealSides(db, dealId));
  if (seller?.row.flow === 'dealer-financing') return dealerSaleMoney(db, dealId, deal.priceDollars, seller.data);
  const buyerData = buyer?.data;
  const title = seller?.data.title;
  const offer = buyerData?.financing.offers.find((candidate) => candidate.id === buyerData.financing.chosenOfferId);
  const plan = buyerData?.protection.chosenPlanId
    ? providers.carePlans.plansFor(vehicle).find((candidate) => candidate.id === buyerData.protection.chosenPlanId)
    : undefined;
  const booking = buyerData?.transport.booking;
  const lien = title?.lien ? { lender: title.lien.lienholderName, cents: title.lien.payoff.amountCents } : null;
  const breakdown = priceBreakdown({
    priceDollars: deal.priceDollars,
    state: buyerData ? await buyerState(db, dealId, buyerData) : null,
    financing: offer ? { lender: offer.lender, apr: offer.apr, months: offer.months, downPaymentDollars: offer.downPaymentDollars } : null,
    protection: plan ? { name: plan.name, priceDollars: plan.priceDollars } : null,
    transport: booking ? { kind: booking.kind, label: transportLabel(booking), cents: booking.quote?.priceCents ?? 0 } : null,
    lienPayoff: lien,
  });
  const payout = sellerPayout({
    priceDollars: deal.priceDollars,
    lien: lien && { lender: lien.lender, payoffCents: lien.cents },
    titleInSellerName: title?.titleInSellerName ?? null,
  });
  return { breakdown, payout, plan: settlementPlan(breakdown, payout) };
}

/** A dealer's sale: the customer pays by the dealer's structure and the delivery the dealer booked; the dealer is paid the price. */
async function dealerSaleMoney(db: Reader, dealId: string, priceDollars: number, dealer: StepData): Promise<DealMoney> {
  const [sale] = await db.select({ structure: dealerSales.structure }).from(dealerSales).where(eq(dealerSales.dealId, dealId));
  const booking = dealer.transport.booking;
  const breakdown = dealerPriceBreakdown({
    priceDollars,
    structure: (sale?.structure as SaleStructure | null) ?? null,
    transport: booking ? { label: transportLabel(booking), cents: booking.quote?.priceCents ?? 0 } : null,
  });
  const payout = sellerPayout({ priceDollars, lien: null, titleInSellerName: null });
  return { breakdown, payout, plan: settlementPlan(breakdown, payout) };
}
