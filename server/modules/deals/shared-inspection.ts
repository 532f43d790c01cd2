/**
 * The seller's self-inspection as the buyer reads it: the report, and the photos it shows, once the
 * seller has finished their inspection. The buyer is the one buying the car it describes; until the
 * seller says "Done" it is still theirs to read first.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { SIDE_ROLES } from '../../../src/domain/parties';
import type { InspectionReport } from '../../../src/domain/transaction-contract';
import type { Database } from '../../db/client';
import { dealParties, transactions } from '../../db/schema';
import { dealSides, type DealSides } from '../../kernel/deal-sides';
import type { UserRow } from '../../kernel/access';

export function sharedInspection(sides: DealSides): InspectionReport | null {
  const seller = sides.seller;
  return seller?.row.status === 'inspection_done' ? seller.data.inspection.report : null;
}

/** Whether `user`, a buyer in the deal of `transactionId`, may read `key`: a photo the seller's shared report shows. */
export async function isSharedInspectionPhoto(db: Database, user: UserRow, transactionId: string, key: string): Promise<boolean> {
  const [owner] = await db.select({ dealId: transactions.dealId }).from(transactions).where(eq(transactions.id, transactionId));
  if (!owner) return false;
  const [buyer] = await db
    .select({ id: dealParties.id })
    .from(dealParties)
    .where(and(eq(dealParties.dealId, owner.dealId), eq(dealParties.userId, user.id), inArray(dealParties.role, [...SIDE_ROLES.buyer])));
  if (!buyer) return false;
  const report = sharedInspection(await dealSides(db, owner.dealId));
  return report?.findings.some((finding) => finding.documentKey === key) ?? false;
}
