/**
 * Delivery and its case as each reader sees them (src/domain/delivery.ts): the clock, whether the
 * buyer can confirm or raise a problem, and the case with every piece of evidence (each photo's
 * SHA-256 as stored) and the decision. Admins read every case, from the list in their area.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { CaseList, Delivery, Dispute } from '../../src/domain/delivery';
import type { Side } from '../../src/domain/parties';
import type { Database } from '../db/client';
import { disputes } from '../db/dispute-tables';
import { deals, transactions, users, vehicles } from '../db/schema';
import { transactionFor, type UserRow } from '../kernel/access';
import { cannotConfirm, cannotRaise } from '../modules/delivery/delivery';
import { disputeOfDeal, evidenceOf, type DisputeRow } from '../modules/delivery/dispute-rows';
import { heldForSeller } from '../modules/money/held';
import { liveShipment } from '../modules/transport/shipments';
import type { Providers } from '../providers/providers';
import { handoverFor } from './handover-views';

async function caseOf(db: Database, providers: Providers, dispute: DisputeRow, reader: UserRow, readerSide: Side | null): Promise<Dispute> {
  const evidence = await evidenceOf(db, dispute.id);
  const ids = [...new Set(evidence.map((item) => item.userId).filter((id): id is string => id !== null))];
  const names = ids.length ? await db.select({ id: users.id, firstName: users.firstName }).from(users).where(inArray(users.id, ids)) : [];
  const nameOf = (userId: string | null, side: Side) => {
    if (userId === reader.id) return 'you';
    const first = names.find((person) => person.id === userId)?.firstName;
    return first ? `${first} (${side})` : `the ${side}`;
  };
  return {
    id: dispute.id,
    status: dispute.status,
    reason: dispute.reason,
    description: dispute.description,
    raisedAt: dispute.raisedAt.toISOString(),
    evidence: evidence.map((item) => ({
      side: item.side,
      by: nameOf(item.userId, item.side),
      note: item.note,
      at: item.at.toISOString(),
      photos: item.photos,
    })),
    decision:
      dispute.decision && dispute.decidedAt
        ? {
            decision: dispute.decision,
            refundCents: dispute.refundCents,
            reason: dispute.decisionReason ?? '',
            at: dispute.decidedAt.toISOString(),
          }
        : null,
    heldForSellerCents: dispute.status === 'open' ? await heldForSeller(db, providers, dispute.dealId) : 0,
    canAddEvidence: dispute.status === 'open' && readerSide !== null,
  };
}

/** A party's (or an admin's) view of their deal's delivery. */
export async function deliveryFor(db: Database, providers: Providers, transactionId: string, reader: UserRow): Promise<Delivery> {
  const { row, role } = await transactionFor(db, transactionId, reader);
  const [deal] = await db.select().from(deals).where(eq(deals.id, row.dealId));
  const shipment = await liveShipment(db, row.dealId);
  const dispute = await disputeOfDeal(db, row.dealId);
  const buyer = role !== null && row.side === 'buyer';
  const clockRunning = !deal!.deliveryConfirmedAt && !deal!.cancelledAt && !dispute && deal!.deliveryDueAt;
  return {
    side: row.side,
    handedOverAt: shipment?.handedOverAt?.toISOString() ?? null,
    releasesAt: clockRunning ? deal!.deliveryDueAt!.toISOString() : null,
    confirmedAt: deal!.deliveryConfirmedAt?.toISOString() ?? null,
    confirmedBy: deal!.deliveryConfirmedBy ?? null,
    canConfirm: buyer && cannotConfirm(deal!, shipment?.handedOverAt, dispute) === null,
    canRaiseProblem: buyer && cannotRaise(deal!, shipment?.handedOverAt, dispute) === null,
    dispute: dispute ? await caseOf(db, providers, dispute, reader, role ? row.side : null) : null,
  };
}

/** Every case, the open ones first (admins). */
export async function disputeList(db: Database): Promise<CaseList['disputes']> {
  const rows = await db
    .select({ dispute: disputes, year: vehicles.modelYear, make: vehicles.make, model: vehicles.model, priceDollars: deals.priceDollars })
    .from(disputes)
    .innerJoin(deals, eq(deals.id, disputes.dealId))
    .innerJoin(vehicles, eq(vehicles.id, deals.vehicleId))
    .orderBy(desc(disputes.raisedAt));
  return rows
    .map(({ dispute, year, make, model, priceDollars }) => ({
      id: dispute.id,
      status: dispute.status,
      reason: dispute.reason,
      vehicle: [year, make, model].filter(Boolean).join(' '),
      priceDollars,
      raisedAt: dispute.raisedAt.toISOString(),
    }))
    .sort((a, b) => Number(b.status === 'open') - Number(a.status === 'open'));
}

/** One case for an admin: the case, both transactions (to their timelines and documents), and both handover records. */
export async function disputeForAdmin(db: Database, providers: Providers, disputeId: string, admin: UserRow) {
  const [dispute] = await db.select().from(disputes).where(eq(disputes.id, disputeId));
  if (!dispute) return null;
  const sides = await db
    .select({ id: transactions.id, side: transactions.side })
    .from(transactions)
    .where(eq(transactions.dealId, dispute.dealId));
  const buyerTransactionId = sides.find((side) => side.side === 'buyer')?.id ?? null;
  return {
    case: await caseOf(db, providers, dispute, admin, null),
    buyerTransactionId,
    sellerTransactionId: sides.find((side) => side.side === 'seller')?.id ?? null,
    handover: buyerTransactionId ? (await handoverFor(db, buyerTransactionId, admin)).records : [],
  };
}
