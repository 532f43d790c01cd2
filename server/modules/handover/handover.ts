/**
 * The handover record (src/domain/handover.ts): each party's own, once, after both have signed
 * and before anything of the sale is cancelled. Its photos must be the party's finished uploads
 * into the handover slots of their side of the deal (slot-documents.ts); their SHA-256 is taken
 * from storage as stored, before the record is written, so the record names exactly those bytes.
 * Both parties' records hand the car over, in any sale (DESIGN.md §5: every flow has a way).
 */
import { and, eq } from 'drizzle-orm';
import { hasSigned } from '../../../src/domain/deal-facts';
import { whyNoHandover, type HandoverFacts } from '../../../src/domain/delivery';
import type { RecordHandover } from '../../../src/domain/handover';
import { otherSide } from '../../../src/domain/parties';
import { HANDOVER_NOTES } from '../../../src/domain/timeline-records';
import { nextStatus } from '../../../src/domain/transaction-transitions';
import type { TransactionStatus } from '../../../src/domain/transaction-flows';
import { handoverRecords } from '../../db/transport-tables';
import type { Database } from '../../db/client';
import type { UserRow } from '../../kernel/access';
import { dealSides, type DealSides } from '../../kernel/deal-sides';
import type { TransactionRow, Tx } from '../../kernel/event-log';
import { Refusal } from '../../kernel/refusal';
import type { UnitOfWork } from '../../kernel/unit-of-work';
import { transfersOf } from '../money/transfers';
import { arrangementOf, handOver, liveShipment } from '../transport/shipments';

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

/** What decides whether the car can change hands now (src/domain/delivery.ts `whyNoHandover`), as the deal stands in `db`. */
export async function handoverFacts(db: Database | Tx, dealId: string, sides?: DealSides): Promise<HandoverFacts> {
  const { buyer, seller } = sides ?? (await dealSides(db, dealId));
  const paid = (await transfersOf(db, dealId)).some((transfer) => transfer.purpose === 'buyer payment' && transfer.status === 'settled');
  return {
    buyerTakesReceipt: !!buyer && nextStatus(buyer.row.flow, buyer.row.status, 'vehicle received') !== undefined,
    bothSigned: hasSigned(buyer?.row.status) && hasSigned(seller?.row.status),
    paid,
    arrangement: arrangementOf(await liveShipment(db, dealId)),
  };
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
  // With both records the car has changed hands, in any sale: the buyer's time to check it starts.
  const [other] = await uow.tx
    .select({ side: handoverRecords.side })
    .from(handoverRecords)
    .where(and(eq(handoverRecords.dealId, row.dealId), eq(handoverRecords.side, otherSide(row.side))));
  if (other && whyNoHandover('handover recorded by both', await handoverFacts(uow.tx, row.dealId, { buyer, seller })) === null)
    await handOver(uow, row.dealId, HANDOVER_NOTES.bothRecorded);
  return record!;
}
