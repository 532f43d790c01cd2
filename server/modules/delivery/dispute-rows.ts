/** A deal's case and its evidence, as stored (disputes.ts changes them; the views and the clock read them). */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { disputeEvidence, disputes } from '../../db/dispute-tables';
import { dealParties } from '../../db/schema';
import type { Tx } from '../../kernel/event-log';

export type DisputeRow = typeof disputes.$inferSelect;
export type EvidenceRow = typeof disputeEvidence.$inferSelect;

export async function disputeOfDeal(db: Database | Tx, dealId: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(disputes).where(eq(disputes.dealId, dealId));
  return row;
}

export async function evidenceOf(db: Database | Tx, disputeId: string): Promise<EvidenceRow[]> {
  return db.select().from(disputeEvidence).where(eq(disputeEvidence.disputeId, disputeId)).orderBy(asc(disputeEvidence.at));
}

/** Whether `key` is a file in a case of a deal `user` is a party of (the other party reads the evidence; so do admins). */
export async function isCaseEvidence(db: Database | Tx, user: { id: string }, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: disputeEvidence.id })
    .from(disputeEvidence)
    .innerJoin(disputes, eq(disputes.id, disputeEvidence.disputeId))
    .innerJoin(dealParties, and(eq(dealParties.dealId, disputes.dealId), eq(dealParties.userId, user.id)))
    .where(sql`${disputeEvidence.photos} @> ${JSON.stringify([{ documentKey: key }])}::jsonb`)
    .limit(1);
  return Boolean(row);
}
