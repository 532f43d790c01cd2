/**
 * Everything a transaction's detail shows of its deal, in one statement and so in one snapshot:
 * the deal and its vehicle, both sides' rows (each with its step data), this side's events, the
 * parties, the money (transfers, journals and their lines), the shipments, the closing and the
 * dispute. Read as several statements, each saw the database at its own moment, and a write
 * committing between them showed version N beside N+1's money or shipment.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { disputes } from '../db/dispute-tables';
import { rowFromJson, rowsFromJson, type JsonRow } from '../db/json-rows';
import { ledgerJournals, transfers } from '../db/money-tables';
import { preparedStatement } from '../db/prepared';
import { dealParties, deals, transactionEvents, transactions, users, vehicles } from '../db/schema';
import { dealClosings } from '../db/signing-tables';
import { shipments } from '../db/transport-tables';
import { dealAndVehicleOf, stepDataOfRows, type DealSides } from '../kernel/deal-sides';
import type { Tx } from '../kernel/event-log';
import type { JournalLine } from '../../src/domain/ledger-rules';
import { journalsWith } from '../modules/money/ledger';

/** A subquery's json_agg (null when it found nothing), or its one row_to_json. */
const many = (query: SQL) => sql<JsonRow[] | null>`${query}`;
const one = (query: SQL) => sql<JsonRow | null>`${query}`;

const dealRecordOf = preparedStatement('deal_record', (db) =>
  db
    .select({
      deal: sql<JsonRow>`row_to_json(${deals})`,
      vehicle: one(sql`(select row_to_json(v) from ${vehicles} v where v.id = ${deals.vehicleId})`),
      sides: many(sql`(select json_agg(t) from ${transactions} t where t.deal_id = ${deals.id})`),
      events: many(
        sql`(select json_agg(e order by e.version) from ${transactionEvents} e where e.transaction_id = ${sql.placeholder('transactionId')})`,
      ),
      parties: many(
        sql`(select json_agg(json_build_object('role', p.role, 'userId', p.user_id, 'firstName', u.first_name))
             from ${dealParties} p left join ${users} u on u.id = p.user_id where p.deal_id = ${deals.id})`,
      ),
      transfers: many(sql`(select json_agg(x order by x.created_at) from ${transfers} x where x.deal_id = ${deals.id})`),
      shipments: many(sql`(select json_agg(s order by s.created_at desc) from ${shipments} s where s.deal_id = ${deals.id})`),
      journals: many(sql`(select json_agg(j order by j.created_at, j.key) from ${ledgerJournals} j where j.deal_id = ${deals.id})`),
      lines: many(
        sql`(select json_agg(json_build_object('journalId', l.journal_id, 'account', l.account, 'cents', l.cents))
             from ledger_lines l join ${ledgerJournals} j on j.id = l.journal_id where j.deal_id = ${deals.id})`,
      ),
      closing: one(sql`(select row_to_json(c) from ${dealClosings} c where c.deal_id = ${deals.id} limit 1)`),
      dispute: one(sql`(select row_to_json(d) from ${disputes} d where d.deal_id = ${deals.id} limit 1)`),
    })
    .from(deals)
    .where(eq(deals.id, sql.placeholder('dealId'))),
);

export async function dealRecord(db: Database | Tx, dealId: string, transactionId: string) {
  const [record] = await dealRecordOf(db, { dealId, transactionId });
  if (!record) throw new Error(`deal ${dealId} is not there`);
  const rows = rowsFromJson(transactions, record.sides);
  const data = await stepDataOfRows(db, rows);
  const side = (name: 'buyer' | 'seller') => {
    const row = rows.find((candidate) => candidate.side === name);
    return row ? { row, data: data.get(row.id)! } : null;
  };
  const sides: DealSides = { buyer: side('buyer'), seller: side('seller') };
  return {
    deal: dealAndVehicleOf(rowFromJson(deals, record.deal), rowFromJson(vehicles, record.vehicle!)),
    sides,
    events: rowsFromJson(transactionEvents, record.events),
    parties: (record.parties ?? []) as unknown as {
      role: (typeof dealParties.$inferSelect)['role'];
      userId: string | null;
      firstName: string | null;
    }[],
    transfers: rowsFromJson(transfers, record.transfers),
    shipments: rowsFromJson(shipments, record.shipments),
    journals: journalsWith(
      rowsFromJson(ledgerJournals, record.journals),
      (record.lines ?? []) as unknown as ({ journalId: string } & JournalLine)[],
    ),
    closing: record.closing ? rowFromJson(dealClosings, record.closing) : undefined,
    dispute: record.dispute ? rowFromJson(disputes, record.dispute) : undefined,
  };
}
