/**
 * Who is told about a change (DESIGN.md §11): written by the code that makes the change, inside
 * its database transaction. A side of a deal moving tells that side's parties about their
 * transaction and every party about the deal (the other party's progress); an offer changing
 * tells both of its sides.
 */
import { and, inArray, isNotNull } from 'drizzle-orm';
import { SIDE_ROLES } from '../../src/domain/parties';
import { dealParties, negotiations, transactions } from '../db/schema';
import type { Tx } from './event-log';
import { recordChanges, type Change } from './live-feed';

/** The deal's transactions (as they stand in `tx`) and the parties with an account. */
async function dealState(tx: Tx, dealIds: string[]) {
  const sides = await tx.select().from(transactions).where(inArray(transactions.dealId, dealIds));
  const parties = await tx
    .select({ dealId: dealParties.dealId, userId: dealParties.userId, role: dealParties.role })
    .from(dealParties)
    .where(and(inArray(dealParties.dealId, dealIds), isNotNull(dealParties.userId)));
  return { sides, parties };
}

/** Both sides of each deal moved or began: every party hears about the deal and their own side's transaction. */
export async function announceDeals(tx: Tx, dealIds: string[], onlySide?: { transactionId: string }): Promise<void> {
  if (!dealIds.length) return;
  const { sides, parties } = await dealState(tx, dealIds);
  const changes: Change[] = parties.flatMap((party) => {
    const mine = sides.filter((side) => side.dealId === party.dealId);
    const dealVersion = mine.reduce((sum, side) => sum + side.version, 0);
    const own = mine.filter((side) => SIDE_ROLES[side.side].includes(party.role) && (!onlySide || side.id === onlySide.transactionId));
    return [
      { userId: party.userId!, kind: 'deal' as const, id: party.dealId, version: dealVersion },
      ...own.map((side) => ({ userId: party.userId!, kind: 'transaction' as const, id: side.id, version: side.version })),
    ];
  });
  await recordChanges(tx, changes);
}

/** One side's transaction moved (saved in `tx`). */
export async function announceTransaction(tx: Tx, transaction: { id: string; dealId: string }): Promise<void> {
  await announceDeals(tx, [transaction.dealId], { transactionId: transaction.id });
}

/** Negotiations changed (saved in `tx`): both sides with an account hear of each. */
export async function announceNegotiations(tx: Tx, negotiationIds: string[]): Promise<void> {
  if (!negotiationIds.length) return;
  const rows = await tx
    .select({ id: negotiations.id, seller: negotiations.sellerUserId, buyer: negotiations.buyerUserId, updatedAt: negotiations.updatedAt })
    .from(negotiations)
    .where(inArray(negotiations.id, negotiationIds));
  await recordChanges(
    tx,
    rows.flatMap((row) =>
      [row.seller, row.buyer].flatMap((userId) =>
        userId ? [{ userId, kind: 'negotiation' as const, id: row.id, version: row.updatedAt.getTime() }] : [],
      ),
    ),
  );
}

export const announceNegotiation = (tx: Tx, negotiationId: string) => announceNegotiations(tx, [negotiationId]);
