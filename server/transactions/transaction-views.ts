/**
 * What a party reads about their transactions: the list (active and previous) and one
 * transaction in full — status, where it sends them, steps, parties, vehicle, price breakdown,
 * the step data and the timeline. Contact details of other parties are never included.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { priceBreakdown } from '../../src/domain/pricing';
import { destinationFor } from '../../src/domain/transaction-flows';
import { stepStates } from '../../src/domain/step-progress';
import { partyEventsFrom } from '../../src/domain/transaction-transitions';
import type { Database } from '../db/client';
import { buyerProfiles, dealParties, deals, transactions, users, vehicles } from '../db/schema';
import type { Providers } from '../providers/providers';
import type { UserRow } from '../users/user-records';
import { SIDE_ROLES } from '../../src/domain/parties';
import { transactionFor, type TransactionRow } from './access';
import { eventsOf } from './engine';
import { foldStepData } from '../../src/domain/step-data';
import type { StepData, TransactionDetail, TransactionList, TransactionSummary } from '../../src/domain/transaction-contract';

async function dealAndVehicle(db: Database, dealId: string) {
  const [deal] = await db.select().from(deals).where(eq(deals.id, dealId));
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, deal!.vehicleId));
  return { deal: deal!, vehicle: { vin: vehicle!.vin, modelYear: vehicle!.modelYear, make: vehicle!.make, mileage: vehicle!.mileage } };
}

function summaryOf(row: TransactionRow, vehicle: Awaited<ReturnType<typeof dealAndVehicle>>['vehicle'], price: number): TransactionSummary {
  const flow = row.flow;
  const status = row.status;
  return {
    id: row.id,
    dealId: row.dealId,
    side: row.side,
    flow,
    status,
    version: row.version,
    destination: destinationFor(flow, status) ?? null,
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
      return summaryOf(row, vehicle, deal.priceDollars);
    }),
  );
  return { active: summaries.filter((summary) => !summary.completedAt), previous: summaries.filter((summary) => summary.completedAt) };
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
  return {
    ...summaryOf(row, vehicle, deal.priceDollars),
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
          })
        : null,
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
