/**
 * What callers read about offers (deals: deal-views.ts). A party sees the vehicle, the offers, the
 * timeline and the other side's first name; nobody ever sees the other side's e-mail or phone.
 */
import { and, asc, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { SIDE_ROLES, SIDES } from '../../src/domain/parties';
import {
  offerListOf,
  type DashboardCounts,
  type Negotiation,
  type NegotiationSummary,
  type OfferLists,
  type OfferVehicle,
} from '../../src/domain/offer-contract';
import { allowedOfferActions, otherSide } from '../../src/domain/offer-lifecycle';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { dealParties, deals, negotiationEvents, negotiations, offers, transactions, users, vehicles } from '../db/schema';
import { rowsOf } from '../db/rows';
import { disputes } from '../db/dispute-tables';
import { dealClosings } from '../db/signing-tables';
import type { UserRow } from '../kernel/access';
import { latestOffer, OfferRefusal, sideOf } from '../modules/offers/negotiation-records';

type NegotiationRow = typeof negotiations.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;

const vehicleView = (vehicle: VehicleRow): OfferVehicle => ({
  vin: vehicle.vin,
  modelYear: vehicle.modelYear,
  make: vehicle.make,
  model: vehicle.model,
  mileage: vehicle.mileage,
  confirmed: vehicle.confirmedAt !== null,
});

async function vehicleOf(db: Database, vehicleId: string): Promise<OfferVehicle> {
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, vehicleId));
  return vehicleView(vehicle!);
}

function summaryOf(
  row: NegotiationRow,
  vehicle: OfferVehicle,
  latest: typeof offers.$inferSelect,
): Omit<NegotiationSummary, 'myRole' | 'dealId' | 'viaMyCode'> {
  return {
    id: row.id,
    status: row.status,
    vehicle,
    latestOffer: {
      id: latest.id,
      amount: latest.amountDollars,
      fromRole: latest.fromRole,
      expiresAt: latest.expiresAt.toISOString(),
      madeAt: latest.createdAt.toISOString(),
    },
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The summary a list row or a shared link shows. */
export async function negotiationSummary(
  db: Database,
  row: NegotiationRow,
): Promise<Omit<NegotiationSummary, 'myRole' | 'dealId' | 'viaMyCode'>> {
  return summaryOf(row, await vehicleOf(db, row.vehicleId), await latestOffer(db, row.id));
}

async function firstNameOf(db: Database, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [user] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId));
  return user?.firstName ?? null;
}

/** A negotiation as one of its parties sees it; 404 for anyone else (admins see every one). */
export async function negotiationForParty(db: Database, negotiationId: string, user: UserRow): Promise<Negotiation> {
  const [row] = await db.select().from(negotiations).where(eq(negotiations.id, negotiationId));
  const side = row && sideOf(row, user);
  if (!row || (!side && user.type !== 'admin')) throw new OfferRefusal(404, 'Offer not found.');
  const summary = await negotiationSummary(db, row);
  const chain = await db.select().from(offers).where(eq(offers.negotiationId, row.id)).orderBy(asc(offers.createdAt));
  const timeline = await db
    .select()
    .from(negotiationEvents)
    .where(eq(negotiationEvents.negotiationId, row.id))
    .orderBy(asc(negotiationEvents.at));
  const [deal] = await db.select({ id: deals.id }).from(deals).where(eq(deals.negotiationId, row.id));
  return {
    ...summary,
    myRole: side ?? null,
    otherParty: side
      ? { role: otherSide(side), firstName: await firstNameOf(db, side === 'seller' ? row.buyerUserId : row.sellerUserId) }
      : null,
    actions: side ? allowedOfferActions(row.status, side, summary.latestOffer.fromRole) : [],
    offers: chain.map((offer) => ({
      id: offer.id,
      amount: offer.amountDollars,
      fromRole: offer.fromRole,
      madeAt: offer.createdAt.toISOString(),
    })),
    timeline: timeline.map((event) => ({
      event: event.event,
      by: event.actorUserId === user.id ? 'you' : event.actorUserId || event.actorEmail ? 'other party' : 'system',
      payload: event.payload,
      at: event.at.toISOString(),
    })),
    dealId: deal?.id ?? null,
    viaMyCode: row.codeOwnerUserId === user.id,
  };
}

const negotiationsOfUser = preparedStatement('negotiations_of_user', (db) =>
  db
    .select({ negotiation: negotiations, vehicle: vehicles, dealId: deals.id })
    .from(negotiations)
    .innerJoin(vehicles, eq(vehicles.id, negotiations.vehicleId))
    .leftJoin(deals, eq(deals.negotiationId, negotiations.id))
    .where(or(eq(negotiations.sellerUserId, sql.placeholder('userId')), eq(negotiations.buyerUserId, sql.placeholder('userId'))))
    .orderBy(desc(negotiations.updatedAt)),
);

const latestOffersOfUser = preparedStatement('latest_offers_of_user', (db) =>
  db
    .selectDistinctOn([offers.negotiationId], getTableColumns(offers))
    .from(offers)
    .innerJoin(negotiations, eq(negotiations.id, offers.negotiationId))
    .where(or(eq(negotiations.sellerUserId, sql.placeholder('userId')), eq(negotiations.buyerUserId, sql.placeholder('userId'))))
    .orderBy(offers.negotiationId, desc(offers.createdAt), desc(offers.id)),
);

/** The offers dashboard: received (awaiting my answer), sent (awaiting theirs), closed; newest first. */
export async function negotiationsOf(db: Database, user: UserRow): Promise<OfferLists> {
  // Two queries whatever the number of negotiations: the rows with their vehicle and deal, then each one's latest offer.
  const rows = await negotiationsOfUser(db, { userId: user.id });
  const latest = rows.length ? await latestOffersOfUser(db, { userId: user.id }) : [];
  const latestOf = new Map(latest.map((offer) => [offer.negotiationId, offer]));
  const lists: OfferLists = { received: [], sent: [], closed: [] };
  for (const { negotiation, vehicle, dealId } of rows) {
    const offer = latestOf.get(negotiation.id);
    if (!offer) throw new Error(`negotiation ${negotiation.id} has no offer`);
    const summary = {
      ...summaryOf(negotiation, vehicleView(vehicle), offer),
      myRole: sideOf(negotiation, user)!,
      dealId,
      viaMyCode: negotiation.codeOwnerUserId === user.id,
    };
    lists[offerListOf(summary)].push(summary);
  }
  return lists;
}

/** Whether a party row's role acts on the side of a transaction row (SIDE_ROLES, as the transactions list reads it). */
const actsOnSide = or(...SIDES.map((side) => and(eq(transactions.side, side), inArray(dealParties.role, [...SIDE_ROLES[side]]))));

/**
 * SPEC §3 dashboard totals, counted from the rows in one statement (every dashboard visit asks):
 * the transactions as the list splits them (sale-state.ts `isFinished`), previous once the sale closed, was refunded or was cancelled.
 */
export async function dashboardCounts(db: Database, user: UserRow): Promise<DashboardCounts> {
  const closed = sql`exists (select 1 from ${dealClosings} where ${dealClosings.dealId} = ${deals.id})`;
  const refunded = sql`exists (select 1 from ${disputes} where ${disputes.dealId} = ${deals.id} and ${disputes.status} = 'refunded')`;
  const finished = sql`(${closed} or ${refunded} or ${deals.cancelledAt} is not null)`;
  const result = await db.execute(sql`
    select
      (select count(*) from ${negotiations} where ${negotiations.status} = 'open'
         and (${negotiations.sellerUserId} = ${user.id} or ${negotiations.buyerUserId} = ${user.id}))::integer as offers,
      count(distinct ${transactions.id}) filter (where not ${finished})::integer as active,
      count(distinct ${transactions.id}) filter (where ${finished})::integer as previous
    from ${dealParties}
      join ${transactions} on ${transactions.dealId} = ${dealParties.dealId} and ${actsOnSide}
      join ${deals} on ${deals.id} = ${dealParties.dealId}
    where ${dealParties.userId} = ${user.id}`);
  type Counts = { offers: number; active: number; previous: number };
  const [counts] = rowsOf<Counts>(result);
  return {
    activeTransactions: { total: counts!.active },
    offers: { total: counts!.offers },
    previousTransactions: { total: counts!.previous },
  };
}
