/**
 * The handover record (src/domain/handover.ts): each party's own, once, after both have signed
 * and before anything of the sale is cancelled. Its photos must be the party's finished uploads
 * into the handover slots of their side of the deal (slot-documents.ts); their SHA-256 is taken
 * from storage as stored, before the record is written, so the record names exactly those bytes.
 */
import { and, eq } from 'drizzle-orm';
import { hasSigned } from '../../../src/domain/deal-facts';
import type { RecordHandover } from '../../../src/domain/handover';
import type { TransactionStatus } from '../../../src/domain/transaction-flows';
import { handoverRecords } from '../../db/transport-tables';
import type { Database } from '../../db/client';
import type { UserRow } from '../../kernel/access';
import type { TransactionRow } from '../../kernel/event-log';
import { Refusal } from '../../kernel/refusal';
import type { UnitOfWork } from '../../kernel/unit-of-work';

export type HandoverRow = typeof handoverRecords.$inferSelect;

/** Why `row`'s party cannot record the handover now (both sides' statuses given), or null when they can. */
export async function cannotRecord(
  db: Database | UnitOfWork['tx'],
  row: TransactionRow,
  statuses: { buyer?: TransactionStatus; seller?: TransactionStatus },
  cancelled: boolean,
): Promise<string | null> {
  if (cancelled) return 'This sale was cancelled.';
  if (!hasSigned(statuses.buyer) || !hasSigned(statuses.seller)) return 'The handover is recorded once both of you have signed.';
  const [mine] = await db
    .select({ side: handoverRecords.side })
    .from(handoverRecords)
    .where(and(eq(handoverRecords.dealId, row.dealId), eq(handoverRecords.side, row.side)));
  return mine ? 'You have recorded the handover already.' : null;
}

export async function recordHandover(
  uow: UnitOfWork,
  row: TransactionRow,
  user: UserRow,
  input: Omit<RecordHandover, 'idempotencyKey' | 'photos'> & { photos: HandoverRow['photos'] },
): Promise<HandoverRow> {
  const deal = await uow.lockDeal(row.dealId);
  const { buyer, seller } = await uow.dealSides(row.dealId);
  const refusal = await cannotRecord(uow.tx, row, { buyer: buyer?.row.status, seller: seller?.row.status }, deal.cancelledAt !== null);
  if (refusal) throw new Refusal(409, refusal);
  const [record] = await uow.tx
    .insert(handoverRecords)
    .values({
      dealId: row.dealId,
      side: row.side,
      userId: user.id,
      odometerMiles: input.odometerMiles,
      keysHandedOver: input.keysHandedOver,
      titleHandedOver: input.titleHandedOver,
      photos: input.photos,
    })
    .returning();
  uow.touch(row.dealId, 'handover recorded');
  uow.emit('handover.recorded', { dealId: row.dealId, side: row.side });
  return record!;
}
