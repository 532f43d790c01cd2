/**
 * Everything a transaction's detail shows of its deal, in one statement and so in one snapshot:
 * the deal and its vehicle, both sides' rows (each with its step data), this side's events, the
 * parties, the money (transfers, journals and their lines), the shipments, the closing and the
 * dispute. Read as several statements, each saw the database at its own moment, and a write
 * committing between them showed version N beside N+1's money or shipment.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { disputes } from '../db/dispute-tables';
import { rowFromJson, rowsFromJson, type JsonRow } from '../db/json-rows';
import { ledgerJournals, transfers } from '../db/money-tables';
import { preparedStatement } from '../db/prepared';
import { dealParties, deals, transactionEvents, transactions, users, vehicles } from '../db/schema';
import { dealClosings } from '../db/signing-tables';
import { shipments } from '../db/transport-tables';
import { dealAndVehicleOf, sidesOf } from '../kernel/deal-sides';
import type { Tx } from '../kernel/event-log';
import { NOT_FOUND, roleOn, TransactionRefusal, type Role, type UserRow } from '../kernel/access';
import type { LastRead } from '../kernel/last-statement';
import type { JournalLine } from '../../src/domain/ledger-rules';
import { journalsWith } from '../modules/money/ledger';

/**
 * The record as one JSON value, read with the deal's row as `deals` and the transaction's events by
 * the placeholder `transactionId`: alone (`dealRecord`), or in a step event's last statement.
 */
// The deal's columns are named in full: drizzle writes a column alone in a select of one table, which a subquery's own `id` would shadow.
const recordExpression = sql<JsonRow | null>`json_build_object(
  'deal', row_to_json(${deals}),
  'vehicle', (select row_to_json(v) from ${vehicles} v where v.id = deals.vehicle_id),
  'sides', (select json_agg(t) from ${transactions} t where t.deal_id = deals.id),
  'events', (select json_agg(e order by e.version) from ${transactionEvents} e where e.transaction_id = ${sql.placeholder('transactionId')}),
  'parties', (select json_agg(json_build_object('role', p.role, 'userId', p.user_id, 'firstName', u.first_name))
              from ${dealParties} p left join ${users} u on u.id = p.user_id where p.deal_id = deals.id),
  'transfers', (select json_agg(x order by x.created_at) from ${transfers} x where x.deal_id = deals.id),
  'shipments', (select json_agg(s order by s.created_at desc) from ${shipments} s where s.deal_id = deals.id),
  'journals', (select json_agg(j order by j.created_at, j.key) from ${ledgerJournals} j where j.deal_id = deals.id),
  'lines', (select json_agg(json_build_object('journalId', l.journal_id, 'account', l.account, 'cents', l.cents))
            from ledger_lines l join ${ledgerJournals} j on j.id = l.journal_id where j.deal_id = deals.id),
  'closing', (select row_to_json(c) from ${dealClosings} c where c.deal_id = deals.id limit 1),
  'dispute', (select row_to_json(d) from ${disputes} d where d.deal_id = deals.id limit 1)
)`;

/** For a step event: its answer read in the unit of work's last statement, what commits (kernel/last-statement.ts). */
export const DEAL_RECORD: LastRead = { name: 'deal_record', expression: recordExpression };

const dealRecordOf = preparedStatement('deal_record', (db) =>
  db
    .select({ record: recordExpression })
    .from(deals)
    .where(eq(deals.id, sql.placeholder('dealId'))),
);

/** Transaction `transactionId` with the roles `userId` holds in its deal, and its deal's record: access and record in one statement. */
const transactionRecordOf = preparedStatement('transaction_record', (db) =>
  db
    .select({
      row: transactions,
      roles: sql<Role[] | null>`(select json_agg(p.role) from ${dealParties} p
        where p.deal_id = ${transactions.dealId} and p.user_id = ${sql.placeholder('userId')})`,
      record: recordExpression,
    })
    .from(transactions)
    .innerJoin(deals, eq(deals.id, transactions.dealId))
    .where(eq(transactions.id, sql.placeholder('transactionId'))),
);

/**
 * Transaction `id` for `user` with its deal's record, in one statement: the access check (404
 * unless they may see it, access.ts) and the record read in the same snapshot.
 */
export async function transactionRecordFor(db: Database, id: string, user: UserRow) {
  const [found] = await transactionRecordOf(db, { transactionId: id, userId: user.id });
  if (!found?.record) throw new TransactionRefusal(404, NOT_FOUND);
  return { row: found.row, role: roleOn(found.row, found.roles ?? [], user), record: await recordFromJson(db, found.record) };
}

/** What the record's JSON holds (`recordExpression`), each array null when empty. */
interface RecordJson {
  deal: JsonRow;
  vehicle: JsonRow;
  sides: JsonRow[] | null;
  events: JsonRow[] | null;
  parties: { role: (typeof dealParties.$inferSelect)['role']; userId: string | null; firstName: string | null }[] | null;
  transfers: JsonRow[] | null;
  shipments: JsonRow[] | null;
  journals: JsonRow[] | null;
  lines: ({ journalId: string } & JournalLine)[] | null;
  closing: JsonRow | null;
  dispute: JsonRow | null;
}

/** The record of deal `dealId` as one statement reads it now, with transaction `transactionId`'s events. */
export async function dealRecord(db: Database | Tx, dealId: string, transactionId: string) {
  const [found] = await dealRecordOf(db, { dealId, transactionId });
  if (!found?.record) throw new Error(`deal ${dealId} is not there`);
  return recordFromJson(db, found.record);
}

/** The record read as one JSON value (here, or in a command's last statement), as the views read rows. */
export async function recordFromJson(db: Database | Tx, json: JsonRow) {
  const record = json as unknown as RecordJson;
  const sides = await sidesOf(db, rowsFromJson(transactions, record.sides));
  return {
    deal: dealAndVehicleOf(rowFromJson(deals, record.deal), rowFromJson(vehicles, record.vehicle)),
    sides,
    events: rowsFromJson(transactionEvents, record.events),
    parties: record.parties ?? [],
    transfers: rowsFromJson(transfers, record.transfers),
    shipments: rowsFromJson(shipments, record.shipments),
    journals: journalsWith(rowsFromJson(ledgerJournals, record.journals), record.lines ?? []),
    closing: record.closing ? rowFromJson(dealClosings, record.closing) : undefined,
    dispute: record.dispute ? rowFromJson(disputes, record.dispute) : undefined,
  };
}
