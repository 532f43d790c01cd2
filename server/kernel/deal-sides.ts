/**
 * A deal as every rule reads it: the deal with its vehicle, and each side's transaction with its
 * events in version order and the step data they fold to — as they stand in the caller's database
 * transaction (the unit of work saves each log before its rules run).
 */
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { foldStepData } from '../../src/domain/step-data';
import type { StepData } from '../../src/domain/transaction-contract';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { deals, transactionEvents, transactions, vehicles } from '../db/schema';
import type { Role } from './access';
import type { EventRow, TransactionRow, Tx } from './event-log';

type Reader = Database | Tx;

const dealWithVehicle = preparedStatement('deal_with_vehicle', (db) =>
  db
    .select()
    .from(deals)
    .innerJoin(vehicles, eq(vehicles.id, deals.vehicleId))
    .where(eq(deals.id, sql.placeholder('dealId'))),
);

/** Each deal with its vehicle as the screens show it, by deal id, in one query. */
export async function dealsAndVehicles(db: Reader, dealIds: string[]) {
  const rows =
    dealIds.length === 1
      ? await dealWithVehicle(db, { dealId: dealIds[0] })
      : await db.select().from(deals).innerJoin(vehicles, eq(vehicles.id, deals.vehicleId)).where(inArray(deals.id, dealIds));
  return new Map(
    rows.map(({ deals: deal, vehicles: vehicle }) => [
      deal.id,
      // A deal is made only on a confirmed vehicle, which has its VIN.
      {
        deal,
        vehicle: { vin: vehicle.vin!, modelYear: vehicle.modelYear, make: vehicle.make, model: vehicle.model, mileage: vehicle.mileage },
      },
    ]),
  );
}

export type DealAndVehicle = NonNullable<ReturnType<Awaited<ReturnType<typeof dealsAndVehicles>>['get']>>;

export async function dealAndVehicle(db: Reader, dealId: string): Promise<DealAndVehicle> {
  return (await dealsAndVehicles(db, [dealId])).get(dealId)!;
}

export interface Side {
  row: TransactionRow;
  events: EventRow[];
  data: StepData;
}

/** Each side's transaction, its events in version order and the step data they fold to. */
export interface DealSides {
  buyer: Side | null;
  seller: Side | null;
}

const transactionsOfDeal = preparedStatement('transactions_of_deal', (db) =>
  db
    .select()
    .from(transactions)
    .where(eq(transactions.dealId, sql.placeholder('dealId'))),
);

const eventsOfDeal = preparedStatement('events_of_deal', (db) =>
  db
    .select(getTableColumns(transactionEvents))
    .from(transactionEvents)
    .innerJoin(transactions, eq(transactions.id, transactionEvents.transactionId))
    .where(eq(transactions.dealId, sql.placeholder('dealId')))
    .orderBy(asc(transactionEvents.transactionId), asc(transactionEvents.version)),
);

/**
 * Each side as of its row, for a read outside a unit of work: the events are read after the rows, so
 * a write committing in between shows its event (and its idempotency key) beside the row it has not
 * moved yet — version N with N+1's key, which a device takes for "applied" while the status says
 * otherwise. Events past the row's version are left to the next read: the copy is one version, whole.
 */
export function asOfRows(sides: DealSides): DealSides {
  const trim = (side: Side | null): Side | null => {
    if (!side) return null;
    const events = side.events.filter((event) => event.version <= side.row.version);
    return events.length === side.events.length ? side : { row: side.row, events, data: foldStepData(events) };
  };
  return { buyer: trim(sides.buyer), seller: trim(sides.seller) };
}

/** Both sides in two queries: the transactions, then every event of both. */
export async function dealSides(db: Reader, dealId: string): Promise<DealSides> {
  const rows = await transactionsOfDeal(db, { dealId });
  const events = rows.length ? await eventsOfDeal(db, { dealId }) : [];
  const side = (name: 'buyer' | 'seller') => {
    const row = rows.find((candidate) => candidate.side === name);
    if (!row) return null;
    const own = events.filter((event) => event.transactionId === row.id);
    return { row, events: own, data: foldStepData(own) };
  };
  return { buyer: side('buyer'), seller: side('seller') };
}

/**
 * What a command's unit of work holds about a transaction once it committed, so its answer does
 * not read it again: the caller's side and role (checked before the command ran) and the deal's sides.
 */
export interface KnownAfterCommand {
  side: 'buyer' | 'seller';
  role: Role | null;
  sides: DealSides;
}
