/**
 * The handover records of a party's deal (src/domain/handover.ts), as that party reads them: both
 * sides' records, each with its photos' SHA-256 and the server's time, and whether the reader can
 * record theirs now.
 */
import { asc, eq } from 'drizzle-orm';
import type { Handover } from '../../src/domain/handover';
import type { Database } from '../db/client';
import { deals, transactions, users } from '../db/schema';
import { handoverRecords } from '../db/transport-tables';
import { transactionFor, type UserRow } from '../kernel/access';
import { cannotRecord } from '../modules/handover/handover';

export async function handoverFor(db: Database, transactionId: string, reader: UserRow): Promise<Handover> {
  const { row, role } = await transactionFor(db, transactionId, reader);
  const sides = await db.select().from(transactions).where(eq(transactions.dealId, row.dealId));
  const [deal] = await db.select({ cancelledAt: deals.cancelledAt }).from(deals).where(eq(deals.id, row.dealId));
  const rows = await db
    .select({ record: handoverRecords, firstName: users.firstName })
    .from(handoverRecords)
    .leftJoin(users, eq(users.id, handoverRecords.userId))
    .where(eq(handoverRecords.dealId, row.dealId))
    .orderBy(asc(handoverRecords.recordedAt));
  const status = (side: 'buyer' | 'seller') => sides.find((candidate) => candidate.side === side)?.status;
  const refusal = await cannotRecord(db, row, { buyer: status('buyer'), seller: status('seller') }, Boolean(deal?.cancelledAt));
  return {
    canRecord: role !== null && refusal === null,
    records: rows.map(({ record, firstName }) => ({
      side: record.side,
      by: record.userId === reader.id ? 'you' : (firstName ?? `the ${record.side}`),
      odometerMiles: record.odometerMiles,
      keysHandedOver: record.keysHandedOver,
      titleHandedOver: record.titleHandedOver,
      recordedAt: record.recordedAt.toISOString(),
      photos: record.photos,
    })),
  };
}
