/**
 * A deal as every rule reads it: the deal with its vehicle, and each side's transaction with the
 * step data its events fold to, kept on its row — as they stand in the caller's database
 * transaction (the unit of work saves each log before its rules run).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { foldStepData } from '../../src/domain/step-data';
import type { StepData } from '../../src/domain/transaction-contract';
import type { Database } from '../db/client';
import type { JsonRow } from '../db/json-rows';
import { preparedStatement } from '../db/prepared';
import { deals, transactions, vehicles } from '../db/schema';
import type { Role } from './access';
import { eventsOfMany, storedStepData, type EventRow, type TransactionRow, type Tx } from './event-log';

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
  return new Map(rows.map(({ deals: deal, vehicles: vehicle }) => [deal.id, dealAndVehicleOf(deal, vehicle)]));
}

/** A deal with its vehicle as the screens show it. */
export function dealAndVehicleOf(deal: typeof deals.$inferSelect, vehicle: typeof vehicles.$inferSelect) {
  // A deal is made only on a confirmed vehicle, which has its VIN.
  return {
    deal,
    vehicle: { vin: vehicle.vin!, modelYear: vehicle.modelYear, make: vehicle.make, model: vehicle.model, mileage: vehicle.mileage },
  };
}

export type DealAndVehicle = NonNullable<ReturnType<Awaited<ReturnType<typeof dealsAndVehicles>>['get']>>;

export async function dealAndVehicle(db: Reader, dealId: string): Promise<DealAndVehicle> {
  return (await dealsAndVehicles(db, [dealId])).get(dealId)!;
}

export interface Side {
  row: TransactionRow;
  /** The step data at the row's version. */
  data: StepData;
}

/** Each side's transaction and the step data it holds (a side not made yet is null). */
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

/** Both sides in one read: each row holds its step data beside its version (a row folded by older code is folded again). */
export async function dealSides(db: Reader, dealId: string): Promise<DealSides> {
  return sidesOf(db, await transactionsOfDeal(db, { dealId }));
}

/** A deal's transaction rows as its sides, each with its step data (stored, or folded again in one read). */
export async function sidesOf(db: Reader, rows: TransactionRow[]): Promise<DealSides> {
  const data = await stepDataOfRows(db, rows);
  const side = (name: 'buyer' | 'seller') => {
    const row = rows.find((candidate) => candidate.side === name);
    return row ? { row, data: data.get(row.id)! } : null;
  };
  return { buyer: side('buyer'), seller: side('seller') };
}

/** Each row's step data: the one stored beside it, or, for rows older fold code stored, folded from their events in one read. */
export async function stepDataOfRows(db: Reader, rows: TransactionRow[]): Promise<Map<string, StepData>> {
  const stale = rows.filter((row) => !storedStepData(row));
  const events = stale.length
    ? await eventsOfMany(
        db,
        stale.map((row) => row.id),
      )
    : [];
  return new Map(
    rows.map((row) => [
      row.id,
      storedStepData(row) ?? foldStepData(events.filter((event) => event.transactionId === row.id && event.version <= row.version)),
    ]),
  );
}

/**
 * A side's events as of its row, read after it outside a unit of work: a write committing in between shows its events
 * (and its idempotency key) beside the row it has not moved yet — version N with N+1's key, which a device takes for
 * "applied" while the status says otherwise. Events past the row's version are left to the next read.
 */
export function eventsAsOf(row: TransactionRow, events: EventRow[]): EventRow[] {
  return events.filter((event) => event.version <= row.version);
}

/**
 * What a command knows of the caller's transaction once it committed, so its answer does not check
 * access again: the row as the access check read it (its id, deal and side) and the caller's role.
 */
export interface KnownAfterCommand {
  row: TransactionRow;
  role: Role | null;
  /** The deal's record as the command's last statement read it (views/deal-record.ts), when it asked for it. */
  record?: JsonRow;
}
