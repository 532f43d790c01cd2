/**
 * Closing the sale: when both parties' flows reach their last status the deal closes once (a row
 * in deal_closings); both sides see it (each may now read the other party's name and the contact
 * they agreed to share), and both are told.
 */
import { eq } from 'drizzle-orm';
import { FINAL_STATUS } from '../../../src/domain/transaction-transitions';
import { dealClosings } from '../../db/signing-tables';
import { transactions } from '../../db/schema';
import type { UnitOfWork } from '../../kernel/unit-of-work';

/** Closes the deal when both sides are at their flow's last status, the first time they are. */
export async function closeIfDone(uow: UnitOfWork, dealId: string): Promise<void> {
  const sides = await uow.tx.select().from(transactions).where(eq(transactions.dealId, dealId));
  if (sides.length < 2 || !sides.every((side) => side.status === FINAL_STATUS[side.flow])) return;
  const [closed] = await uow.tx.insert(dealClosings).values({ dealId }).onConflictDoNothing().returning();
  if (!closed) return;
  uow.touch(dealId, 'sale closed');
  uow.emit('sale.closed', { dealId });
}
