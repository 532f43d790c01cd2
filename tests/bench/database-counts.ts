/**
 * What PostgreSQL counts while the API works, for `bench:api`: statements a request makes (round
 * trips: BEGIN and COMMIT count, pg_stat_statements), and commits per flush of the write-ahead log
 * (several commits sharing one flush is how a database keeps up with many writers; pg_stat_wal).
 */
import pg from 'pg';

export interface Counts {
  statements: number;
  commits: number;
  flushes: number;
}

export async function databaseCounts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('create extension if not exists pg_stat_statements');
  return {
    async now(): Promise<Counts> {
      const { rows } = await client.query(`
        select (select coalesce(sum(calls), 0) from pg_stat_statements s join pg_database d on d.oid = s.dbid
                 where d.datname = current_database() and s.query not ilike '%pg_stat_%')::bigint as statements,
               (select xact_commit from pg_stat_database where datname = current_database())::bigint as commits,
               (select wal_sync from pg_stat_wal)::bigint as flushes`);
      return { statements: Number(rows[0].statements), commits: Number(rows[0].commits), flushes: Number(rows[0].flushes) };
    },
    /** Forgets the statements counted so far (commit and flush counts run on). */
    async forgetStatements(): Promise<void> {
      await client.query('select pg_stat_statements_reset()');
    },
    /** The statements counted since they were last forgotten, most called first. */
    async statements(): Promise<{ calls: number; query: string }[]> {
      const { rows } = await client.query(`
        select calls::bigint as calls, regexp_replace(query, '\\s+', ' ', 'g') as query
        from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = current_database() and s.query not ilike '%pg_stat_%' order by calls desc, query`);
      return rows.map((row) => ({ calls: Number(row.calls), query: row.query as string }));
    },
    end: () => client.end(),
  };
}

/** What changed between two counts, per `requests`. */
export function perRequest(before: Counts, after: Counts, requests: number) {
  return {
    statements: (after.statements - before.statements) / requests,
    commitsPerFlush: (after.commits - before.commits) / Math.max(1, after.flushes - before.flushes),
  };
}
