/**
 * Where a sale stands as a whole (src/domain/sale-state.ts), read from the deal's own rows: both
 * sides' statuses, its closing and its case. The timeline reads it so; the lists read the same
 * rows in bulk and give them to the same function.
 */
import { eq } from 'drizzle-orm';
import { saleFromRecords, type Sale } from '../../src/domain/sale-state';
import type { Database } from '../db/client';
import { deals, transactions } from '../db/schema';
import { dealClosings } from '../db/signing-tables';
import { disputeOfDeal } from '../modules/delivery/dispute-rows';

/** The sale of `deal`, read from its rows. */
export async function saleOfDeal(db: Database, deal: typeof deals.$inferSelect): Promise<Sale> {
  const [sides, [closing], dispute] = await Promise.all([
    db.select({ status: transactions.status }).from(transactions).where(eq(transactions.dealId, deal.id)),
    db.select().from(dealClosings).where(eq(dealClosings.dealId, deal.id)),
    disputeOfDeal(db, deal.id),
  ]);
  return saleFromRecords(
    deal,
    sides.map((side) => side.status),
    closing?.closedAt ?? null,
    dispute?.status ?? null,
  );
}
