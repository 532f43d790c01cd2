/**
 * Rows PostgreSQL builds as JSON (row_to_json, json_agg), read back as the query builder reads a
 * table's rows: by column name, each value mapped as its column maps it (timestamps to Dates,
 * JSON to objects …). What lets one statement bring several tables' rows, in one snapshot.
 */
import { getTableColumns, type Column, type InferSelectModel, type Table } from 'drizzle-orm';

export type JsonRow = Record<string, unknown>;

/** Each table's fields with their columns, listed once: every detail read maps dozens of rows through them. */
const fieldsOf = new WeakMap<Table, [string, Column][]>();

export function rowFromJson<T extends Table>(table: T, json: JsonRow): InferSelectModel<T> {
  let fields = fieldsOf.get(table);
  if (!fields) fieldsOf.set(table, (fields = Object.entries(getTableColumns(table))));
  const row: Record<string, unknown> = {};
  for (const [key, column] of fields) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** Each of `rows` (a json_agg, null when there were none) read back as `table`'s rows. */
export const rowsFromJson = <T extends Table>(table: T, rows: JsonRow[] | null): InferSelectModel<T>[] =>
  (rows ?? []).map((json) => rowFromJson(table, json));
