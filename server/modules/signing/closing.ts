/**
 * Closing the sale (DESIGN.md §5): it closes once, when it is done — both parties' flows at their
 * last status and delivery confirmed (by the buyer, the clock, or an admin's decision on a case) —
 * a row in deal_closings. It moves to both parties' previous transactions, and both are told.
 */
import { FINAL_STATUS } from '../../../src/domain/transaction-transitions';
import { dealClosings } from '../../db/signing-tables';
import type { UnitOfWork } from '../../kernel/unit-of-work';

/** Closes the deal when both sides are at their flow's last status and delivery is confirmed, the first time they are. */
export async function closeIfDone(uow: UnitOfWork, dealId: string): Promise<void> {
  const deal = await uow.lockDeal(dealId);
  if (!deal.deliveryConfirmedAt || deal.cancelledAt) return;
  const { buyer, seller } = await uow.dealSides(dealId);
  if (!buyer || !seller || ![buyer, seller].every(({ row }) => row.status === FINAL_STATUS[row.flow])) return;
  const [closed] = await uow.tx.insert(dealClosings).values({ dealId }).onConflictDoNothing().returning();
  if (!closed) return;
  uow.touch(dealId, 'sale closed');
  uow.emit('sale.closed', { dealId });
}
