/**
 * How a command on one transaction opens its unit of work, in one statement: the caller's
 * idempotency key claimed, the deal and both its sides locked (the deal's row first, as every
 * command locks it, so two never deadlock) and read as they are once the locks are held, with the
 * deal's parties — everything the rules and the notices need before the command decides. Run as
 * the four statements it replaces, a step event spent a third of its round trips here. The parties
 * are not locked: they are read as the statement began (a party who joined meanwhile hears of the
 * change on their next read, not live), and a party is never removed from a deal.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { dealParties, deals, transactions } from '../db/schema';
import type { Role } from './access';
import type { TransactionRow, Tx } from './event-log';
import { claimOf, claimParams, type CommandKey } from './idempotency';

export type DealRow = typeof deals.$inferSelect;

/** A party of the deal with an account, and the role they hold. */
export interface DealParty {
  userId: string;
  role: Role;
}

const lockQuery = (start: Pick<Database, 'select'>, claimed: SQL<number>) =>
  start
    .select({
      deal: deals,
      side: transactions,
      parties: sql<DealParty[] | null>`(select json_agg(json_build_object('userId', p.user_id, 'role', p.role))
        from ${dealParties} p where p.deal_id = ${deals.id} and p.user_id is not null)`,
      claimed,
    })
    .from(deals)
    .innerJoin(transactions, eq(transactions.dealId, deals.id))
    // Both rows locked: after waiting for another command on the deal, each is read as it committed.
    .where(eq(deals.id, sql`(select t.deal_id from ${transactions} t where t.id = ${sql.placeholder('id')})`))
    .for('update', { of: [deals, transactions] });

const lockOnly = preparedStatement('transaction_lock', (db) => lockQuery(db, sql<number>`0`));

const lockAndClaim = preparedStatement('transaction_lock_claim', (db) => {
  const claim = db.$with('claim').as(claimOf(db));
  return lockQuery(db.with(claim), sql<number>`(select count(*) from ${claim})::int`);
});

export interface LockedTransaction {
  deal: DealRow;
  /** Both sides' rows (one, while a deal has only one). */
  sides: TransactionRow[];
  parties: DealParty[];
  /** Whether `key` was claimed now (false: a request under it came first). */
  claimed: boolean;
}

/** Locks transaction `id`'s deal and sides and claims `key`: undefined when there is no such transaction. */
export async function lockTransaction(tx: Tx, id: string, key?: CommandKey): Promise<LockedTransaction | undefined> {
  const rows = key ? await lockAndClaim(tx, { id, ...claimParams(key) }) : await lockOnly(tx, { id });
  const [first] = rows;
  if (!first) return undefined;
  return {
    deal: first.deal,
    sides: rows.map((row) => row.side),
    parties: first.parties ?? [],
    claimed: Number(first.claimed) > 0,
  };
}
