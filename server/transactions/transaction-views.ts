/**
 * What a party reads about their transactions: the list (active and previous) and one
 * transaction in full — status, where it sends them, steps, parties, vehicle, price breakdown,
 * the step data and the timeline. Contact details of other parties are never included.
 */
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { priceBreakdown } from '../../src/domain/pricing';
import { destinationOf, stepStates } from '../../src/domain/step-progress';
import { sellerPayout } from '../../src/domain/seller-pricing';
import { partyEventsFrom } from '../../src/domain/transaction-transitions';
import type { Database } from '../db/client';
import { buyerProfiles, dealParties, deals, transactions, users, vehicles } from '../db/schema';
import type { Providers } from '../providers/providers';
import type { UserRow } from '../users/user-records';
import { SIDE_ROLES } from '../../src/domain/parties';
import { transactionFor, type TransactionRow } from './access';
import { eventsOf } from './event-log';
import { foldStepData } from '../../src/domain/step-data';
import type { StepData, TransactionDetail, TransactionList, TransactionSummary } from '../../src/domain/transaction-contract';

async function dealAndVehicle(db: Database, dealId: string) {
  const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, deal!.vehicleId));
  return { deal: deal!, vehicle: { vin: vehicle!.vin, modelYear: vehicle!.modelYear, make: vehicle!.make, mileage: vehicle!.mileage } };
}

function summaryOf(
  row: TransactionRow,
  vehicle: Awaited<ReturnType<typeof dealAndVehicle>>['vehicle'],
  price: number,
  data: StepData,
): TransactionSummary {
  const flow = row.flow;
  const status = row.status;
  return {
    id: row.id,
    dealId: row.dealId,
    side: row.side,
    flow,
    status,
    version: row.version,
    destination: destinationOf(flow, status, data) ?? null,
    steps: stepStates(flow, status),
    vehicle,
    price,
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** GET /transactions: the caller's own side of each deal, split into active and previous. */
export async function transactionsOf(db: Database, user: UserRow): Promise<TransactionList> {
  const mine = await db.select().from(dealParties).where(eq(dealParties.userId, user.id));
  const rows = mine.length
    ? await db
        .select()
        .from(transactions)
        .where(
          inArray(
            transactions.dealId,
            mine.map((party) => party.dealId),
          ),
        )
        .orderBy(desc(transactions.updatedAt))
    : [];
  const own = rows.filter((row) => mine.some((party) => party.dealId === row.dealId && SIDE_ROLES[row.side].includes(party.role)));
  const summaries = await Promise.all(
    own.map(async (row) => {
      const { deal, vehicle } = await dealAndVehicle(db, row.dealId);
      return summaryOf(row, vehicle, deal.priceDollars, foldStepData(await eventsOf(db, row.id)));
    }),
  );
  return { active: summaries.filter((summary) => !summary.completedAt), previous: summaries.filter((summary) => summary.completedAt) };
}

/** The step data of the deal's other side, folded from its events (null when it has none yet). */
async function otherSideData(db: Database, row: TransactionRow): Promise<StepData | null> {
  const [other] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.dealId, row.dealId), ne(transactions.side, row.side)));
  return other ? foldStepData(await eventsOf(db, other.id)) : null;
}

async function buyerState(db: Database, dealId: string, data: StepData): Promise<string | null> {
  if (data.identity.address) return data.identity.address.state;
  const [buyer] = await db
    .select({ state: buyerProfiles.state })
    .from(dealParties)
    .innerJoin(buyerProfiles, eq(buyerProfiles.userId, dealParties.userId))
    .where(and(eq(dealParties.dealId, dealId), eq(dealParties.role, 'buyer')));
  return buyer?.state ?? null;
}

/** GET /transactions/{id}: everything the step screens render, also offline from IndexedDB. */
export async function transactionDetail(db: Database, providers: Providers, id: string, user: UserRow): Promise<TransactionDetail> {
  const { row, role } = await transactionFor(db, id, user);
  const { deal, vehicle } = await dealAndVehicle(db, row.dealId);
  const events = await eventsOf(db, row.id);
  const data = foldStepData(events);
  const plans = row.side === 'buyer' ? providers.carePlans.plansFor(vehicle) : [];
  const offer = data.financing.offers.find((candidate) => candidate.id === data.financing.chosenOfferId);
  const plan = plans.find((candidate) => candidate.id === data.protection.chosenPlanId);
  const parties = await db
    .select({ role: dealParties.role, userId: dealParties.userId, firstName: users.firstName })
    .from(dealParties)
    .leftJoin(users, eq(users.id, dealParties.userId))
    .where(eq(dealParties.dealId, row.dealId));
  // The seller's lien shows in both breakdowns: paid first from the buyer's funds, out of the seller's price.
  const sellerTitle = row.side === 'seller' ? data.title : (await otherSideData(db, row))?.title;
  const lien = sellerTitle?.lien ? { lender: sellerTitle.lien.lienholderName, cents: sellerTitle.lien.payoff.amountCents } : null;
  return {
    ...summaryOf(row, vehicle, deal.priceDollars, data),
    myRole: role,
    allowedEvents: partyEventsFrom(row.flow, row.status),
    parties: parties.map((party) => ({ role: party.role, firstName: party.firstName ?? null, you: party.userId === user.id })),
    data,
    carePlans: plans,
    insuranceHandOffUrl: data.insurance.selectedQuoteId ? providers.carriers.handOffUrl(data.insurance.selectedQuoteId, row.id) : null,
    priceBreakdown:
      row.side === 'buyer'
        ? priceBreakdown({
            priceDollars: deal.priceDollars,
            state: await buyerState(db, row.dealId, data),
            financing: offer
              ? { lender: offer.lender, apr: offer.apr, months: offer.months, downPaymentDollars: offer.downPaymentDollars }
              : null,
            protection: plan ? { name: plan.name, priceDollars: plan.priceDollars } : null,
            lienPayoff: lien,
          })
        : null,
    payout:
      row.side === 'seller'
        ? sellerPayout({
            priceDollars: deal.priceDollars,
            lien: lien && { lender: lien.lender, payoffCents: lien.cents },
            titleInSellerName: data.title.titleInSellerName,
          })
        : null,
    vehicleReports: providers.vehicleReports.reports(vehicle),
    timeline: events.map((event) => ({
      version: event.version,
      event: event.event,
      by: event.actor === 'provider' ? 'provider' : event.actorUserId === user.id ? 'you' : 'other party',
      from: event.fromStatus,
      to: event.toStatus,
      at: event.at.toISOString(),
    })),
  };
}
