/**
 * Who hears of a change (DESIGN.md §11), worked out by the unit of work once it has decided: a side
 * of a deal moving tells that side's parties about their transaction and every party about the
 * deal (the other party's progress); a deal that began, or whose parties changed, tells everyone
 * on it about everything of theirs in it; an offer changing tells both of its sides, and so does a thread with something new.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { SIDE_ROLES, type Side } from '../../src/domain/parties';
import { dealParties, negotiations, transactions } from '../db/schema';
import type { Tx } from './event-log';
import type { Role } from './access';
import type { Change } from './live-feed';

/** A party with an account on a deal, and a side of it with its version: what a deal's notices are made from. */
export interface NoticeParty {
  dealId: string;
  userId: string;
  role: Role;
}
export interface NoticeSide {
  dealId: string;
  id: string;
  side: Side;
  version: number;
}

/**
 * Notices for `dealIds` as their transactions stand in `tx`: every party hears of the deal, and
 * of each transaction of their own side in `moved` (every one of theirs when `moved` is 'all').
 */
export async function dealChanges(tx: Tx, dealIds: string[], moved: Set<string> | 'all'): Promise<Change[]> {
  if (!dealIds.length) return [];
  // One round trip: each party with an account beside each transaction of their deal.
  const rows = await tx
    .select({
      dealId: dealParties.dealId,
      userId: dealParties.userId,
      role: dealParties.role,
      side: { id: transactions.id, side: transactions.side, version: transactions.version },
    })
    .from(dealParties)
    .leftJoin(transactions, eq(transactions.dealId, dealParties.dealId))
    .where(and(inArray(dealParties.dealId, dealIds), isNotNull(dealParties.userId)));
  return dealNotices(
    rows.map((row) => ({ dealId: row.dealId, userId: row.userId!, role: row.role })),
    rows.flatMap((row) => (row.side ? [{ ...row.side, dealId: row.dealId }] : [])),
    moved,
  );
}

/** The notices of deals whose parties and sides are known (a unit of work that read them under its lock). */
export function dealNotices(partyRows: NoticeParty[], sideRows: NoticeSide[], moved: Set<string> | 'all'): Change[] {
  const parties = new Map(partyRows.map((row) => [`${row.dealId} ${row.userId} ${row.role}`, row]));
  const sides = new Map(sideRows.map((row) => [row.id, row]));
  return [...parties.values()].flatMap((party) => {
    const mine = [...sides.values()].filter((side) => side.dealId === party.dealId);
    const dealVersion = mine.reduce((sum, side) => sum + side.version, 0);
    const own = mine.filter((side) => SIDE_ROLES[side.side].includes(party.role) && (moved === 'all' || moved.has(side.id)));
    return [
      { userId: party.userId, kind: 'deal' as const, id: party.dealId, version: dealVersion },
      ...own.map((side) => ({ userId: party.userId, kind: 'transaction' as const, id: side.id, version: side.version })),
    ];
  });
}

/**
 * Notices for threads with something new (a message, a receipt): both parties with an account hear
 * of each, with the thread's version, raised here — once per unit of work that changed it — so the
 * app can tell a notice it has already followed from a new one.
 */
export async function threadChanges(tx: Tx, negotiationIds: string[]): Promise<Change[]> {
  if (!negotiationIds.length) return [];
  const rows = await tx
    .update(negotiations)
    .set({ threadVersion: sql`${negotiations.threadVersion} + 1` })
    .where(inArray(negotiations.id, negotiationIds))
    .returning({
      id: negotiations.id,
      seller: negotiations.sellerUserId,
      buyer: negotiations.buyerUserId,
      version: negotiations.threadVersion,
    });
  return rows.flatMap((row) =>
    [row.seller, row.buyer].flatMap((userId) => (userId ? [{ userId, kind: 'thread' as const, id: row.id, version: row.version }] : [])),
  );
}

/** Notices for changed negotiations: both sides with an account hear of each, with its version, raised here as for a thread. */
export async function negotiationChanges(tx: Tx, negotiationIds: string[]): Promise<Change[]> {
  if (!negotiationIds.length) return [];
  const rows = await tx
    .update(negotiations)
    .set({ version: sql`${negotiations.version} + 1` })
    .where(inArray(negotiations.id, negotiationIds))
    .returning({ id: negotiations.id, seller: negotiations.sellerUserId, buyer: negotiations.buyerUserId, version: negotiations.version });
  return rows.flatMap((row) =>
    [row.seller, row.buyer].flatMap((userId) =>
      userId ? [{ userId, kind: 'negotiation' as const, id: row.id, version: row.version }] : [],
    ),
  );
}
