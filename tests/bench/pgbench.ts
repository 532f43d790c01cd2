/**
 * The reference `bench:api` measures the API's writes against: `pgbench`'s TPC-B-like script
 * (each transaction three updates, a select and an insert, committed) on the same PostgreSQL
 * cluster, durable as the bench runs it, in a database of its own. What the same machine's
 * PostgreSQL does when nothing but the database works; the API's writes are held to a share of it.
 */
import { onDatabase, runPostgresProgram, type RunningPostgres } from '../support/postgres';

const pgbench = (args: string[]) => runPostgresProgram('pgbench', args);

/** TPC-B transactions a second with `clients` connections for `seconds` (scale 10: ten branches, a million accounts). */
export async function pgbenchTps(cluster: RunningPostgres, clients: number, seconds: number): Promise<number> {
  await onDatabase(cluster.url('postgres'), ['drop database if exists pgbench', 'create database pgbench']);
  const url = cluster.url('pgbench');
  pgbench(['--initialize', '--scale=10', '--quiet', url]);
  const output = pgbench([`--client=${clients}`, '--jobs=2', `--time=${seconds}`, url]);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(tps);
}
