/**
 * What the sale's documents say, gathered once from the deal: the parties as verified in their
 * identity steps, the vehicle with the odometer the seller read in the title step, the buyer's
 * price breakdown and loan, the seller's lien and agent authorisation.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Address } from '../../../src/domain/payload-fields';
import type { PriceBreakdown } from '../../../src/domain/pricing';
import type { Database } from '../../db/client';
import { dealParties, users } from '../../db/schema';
import { dealerOfDeal } from '../dealers/dealerships';
import { dealMoney } from '../money/deal-money';
import { dealAndVehicle, dealSides } from '../../kernel/deal-sides';
import type { Providers } from '../../providers/providers';
import type { Tx } from '../../kernel/event-log';

export interface SaleParty {
  /** Null for a dealer's customer who has not signed in yet: they are known by the e-mail the dealer gave. */
  userId: string | null;
  name: string;
  email: string;
  address: string | null;
}

export interface SaleFacts {
  dealId: string;
  date: string;
  buyer: SaleParty;
  seller: SaleParty;
  vehicle: { vin: string; year: number; make: string | null };
  odometer: number;
  priceCents: number;
  breakdown: PriceBreakdown;
  lien: { lender: string; cents: number } | null;
  agentAuthorization: { fullName: string; signedAt: string | null } | null;
}

const oneLine = (address: Address | null | undefined) =>
  address ? [address.line1, address.line2, `${address.city}, ${address.state} ${address.postalCode}`].filter(Boolean).join(', ') : null;

export async function saleFacts(db: Database | Tx, providers: Providers, dealId: string): Promise<SaleFacts> {
  const { deal, vehicle } = await dealAndVehicle(db, dealId);
  const sides = await dealSides(db, dealId);
  const { breakdown } = await dealMoney(db, providers, dealId, { sides, deal: { deal, vehicle } });
  const people = await db
    .select({
      role: dealParties.role,
      userId: dealParties.userId,
      email: sql<string>`coalesce(${users.email}, ${dealParties.email})`,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(dealParties)
    .leftJoin(users, eq(users.id, dealParties.userId))
    .where(and(eq(dealParties.dealId, dealId), inArray(dealParties.role, ['buyer', 'seller'])));
  const dealer = sides.seller?.row.flow === 'dealer-financing' ? await dealerOfDeal(db, dealId) : null;
  const party = (side: 'buyer' | 'seller'): SaleParty => {
    const person = people.find((candidate) => candidate.role === side)!;
    const name = [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
    return { userId: person.userId, name, email: person.email, address: oneLine(sides[side]?.data.identity.address) };
  };
  // A dealer sells as their dealership, from its lot, to the customer named on the sale.
  const seller = dealer ? { ...party('seller'), name: dealer.dealershipName, address: oneLine(dealer.lot) } : party('seller');
  const buyer = dealer ? { ...party('buyer'), name: dealer.customerName } : party('buyer');
  const title = sides.seller?.data.title;
  return {
    dealId,
    date: new Date().toISOString(),
    buyer,
    seller,
    vehicle: { vin: vehicle.vin, year: vehicle.modelYear, make: vehicle.make },
    odometer: title?.odometerReading ?? vehicle.mileage,
    priceCents: deal.priceDollars * 100,
    breakdown,
    lien: breakdown.lienPayoff,
    agentAuthorization: title?.agentAuthorization ?? null,
  };
}
