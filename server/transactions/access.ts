/**
 * Who may see or act on a transaction: the deal's parties on that transaction's side (a co-buyer
 * on the buyer's, a registered owner on the seller's) and admins. Anyone else gets 404, so a
 * transaction id reveals nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dealParties, transactions } from '../db/schema';
import { SIDE_ROLES } from '../../src/domain/parties';
import type { UserRow } from '../users/user-records';

export type TransactionRow = typeof transactions.$inferSelect;
type Role = (typeof dealParties.$inferSelect)['role'];

export class TransactionRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

export const NOT_FOUND = 'Transaction not found.';

/** The transaction when `user` may see it, with the role they hold in it (null for an admin outside the deal). */
export async function transactionFor(db: Database, id: string, user: UserRow): Promise<{ row: TransactionRow; role: Role | null }> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  if (!row) throw new TransactionRefusal(404, NOT_FOUND);
  const mine = await db
    .select({ role: dealParties.role })
    .from(dealParties)
    .where(and(eq(dealParties.dealId, row.dealId), eq(dealParties.userId, user.id)));
  const role = mine.find((party) => SIDE_ROLES[row.side].includes(party.role))?.role ?? null;
  if (!role && user.type !== 'admin') throw new TransactionRefusal(404, NOT_FOUND);
  return { row, role };
}
