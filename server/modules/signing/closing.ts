/**
 * Closing the sale: when both parties' flows reach their last status the deal closes once (a row
 * in deal_closings); both sides see it (each may now read the other party's name and the contact
 * they agreed to share), and both are told.
 */
import { FINAL_STATUS } from '../../../src/domain/transaction-transitions';
import { dealClosings } from '../../db/signing-tables';
import type { UnitOfWork } from '../../kernel/unit-of-work';

/** Closes the deal when both sides are at their flow's last status, the first time they are. */
export async function closeIfDone(uow: UnitOfWork, dealId: string): Promise<void> {
  const { buyer, seller } = await uow.dealSides(dealId);
  if (!buyer || !seller || ![buyer, seller].every(({ row }) => row.status === FINAL_STATUS[row.flow])) return;
  const [closed] = await uow.tx.insert(dealClosings).values({ dealId }).onConflictDoNothing().returning();
  if (!closed) return;
  uow.touch(dealId, 'sale closed');
  uow.emit('sale.closed', { dealId });
}
