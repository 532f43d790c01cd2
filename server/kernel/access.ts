/**
 * Who may see or act on a transaction: the deal's parties on that transaction's side (a co-buyer
 * on the buyer's, a registered owner on the seller's) and admins. Anyone else gets 404, so a
 * transaction id reveals nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { dealParties, transactions, users } from '../db/schema';
import { SIDE_ROLES } from '../../src/domain/parties';
import type { TransactionRow } from './event-log';
import { Refusal } from './refusal';

export type UserRow = typeof users.$inferSelect;
export type Role = (typeof dealParties.$inferSelect)['role'];

export class TransactionRefusal extends Refusal {}

export const NOT_FOUND = 'Transaction not found.';

const transactionWithRoles = preparedStatement('transaction_with_roles', (db) =>
  db
    .select({ row: transactions, role: dealParties.role })
    .from(transactions)
    .leftJoin(dealParties, and(eq(dealParties.dealId, transactions.dealId), eq(dealParties.userId, sql.placeholder('userId'))))
    .where(eq(transactions.id, sql.placeholder('id'))),
);

/** The transaction when `user` may see it, with the role they hold in it (null for an admin outside the deal). */
export async function transactionFor(db: Database, id: string, user: UserRow): Promise<{ row: TransactionRow; role: Role | null }> {
  // One read: the transaction with each role the user holds in its deal (one row with no role when none).
  const found = await transactionWithRoles(db, { id, userId: user.id });
  const row = found[0]?.row;
  if (!row) throw new TransactionRefusal(404, NOT_FOUND);
  return {
    row,
    role: roleOn(
      row,
      found.flatMap((party) => (party.role ? [party.role] : [])),
      user,
    ),
  };
}

/** The role `user`, holding `roles` in the deal, has on transaction `row`'s side (null for an admin outside it); 404 for anyone else. */
export function roleOn(row: TransactionRow, roles: Role[], user: UserRow): Role | null {
  const role = roles.find((held) => SIDE_ROLES[row.side].includes(held)) ?? null;
  if (!role && user.type !== 'admin') throw new TransactionRefusal(404, NOT_FOUND);
  return role;
}

/** Admins only (the user pool's admin group, mirrored on every call): anyone else is refused with 403. */
export function requireAdmin(user: UserRow): void {
  if (user.type !== 'admin') throw new Refusal(403, 'Only an admin can do this.');
}
