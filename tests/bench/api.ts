/**
 * `npm run bench:api`: the compiled API (`npm run build:server`, as production runs it) under
 * load, on PostgreSQL and on PGlite. The dashboard's reads (its counts, the offers list, the
 * transactions list, a transaction in full, the profile) and step-event writes with a fresh
 * idempotency key each, at 50, 200 and 500 connections, each connection one person of the local
 * user pool with a real ID token. Prints requests/s, p50/p99 latency and errors per scenario;
 * after the writes, that every transaction's versions run 1…version with no gap, and that every
 * write answered 200 is there once. On PostgreSQL also the commits per flush of the write-ahead log
 * under the writes, and the statements (round trips) one step-event write and one detail read make.
 *
 * The API runs with TRUSTED_PROXIES=127.0.0.1 as behind a load balancer, so the sign-up of the
 * bench's people (many visitors answering shared links) is counted per visitor, not as one.
 * PostgreSQL keeps its durable defaults (fsync on); other customers' deals fill the tables
 * (api-filler.ts). After the writes, pgbench's TPC-B runs on the same cluster as the reference.
 * Targets (issues 24, 32): reads p99 < 25 ms at 200 connections on PostgreSQL, no errors,
 * versions gap-free; step-event writes >= 0.2 × pgbench's tps; the transaction in full >= 0.5 ×
 * the profile's requests/s.
 *
 * Settings: BENCH_API_DATABASES (postgres,pglite), BENCH_API_CONNECTIONS (50,200,500),
 * BENCH_API_SECONDS per run (10), BENCH_API_PEOPLE (500: at least the most connections, so no
 * two write to one transaction), BENCH_API_FILLER_DEALS (20000), BENCH_API_PACED_RATE (2 a
 * second per connection; 0 for none), BENCH_API_READS (the reads to run by name; empty for
 * none), BENCH_API_PROFILE_DIR (a folder for the API's CPU profile, written when it stops),
 * BENCH_API_STATEMENTS (1: list the statements of a step-event write).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseTarget } from '../../server/db/client';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { freePort } from '../support/free-port';
import { environmentFor, startLocalParts, type LocalParts } from '../support/local-parts';
import { onDatabase, startPostgres } from '../support/postgres';
import { addFillerDeals } from './api-filler';
import { load, type ConnectionRequest, type Figures } from './api-load';
import { benchPeople, inParallel, REPEATABLE_CHANGES, type Person } from './api-people';
import { databaseCounts, perRequest } from './database-counts';
import { pgbenchTps } from './pgbench';

const setting = (name: string, fallback: string) => process.env[name] ?? fallback;
const DATABASES = setting('BENCH_API_DATABASES', 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const CONNECTIONS = setting('BENCH_API_CONNECTIONS', '50,200,500').split(',').map(Number);
const SECONDS = Number(setting('BENCH_API_SECONDS', '10'));
const PEOPLE = Number(setting('BENCH_API_PEOPLE', '500'));
const FILLER_DEALS = Number(setting('BENCH_API_FILLER_DEALS', '20000'));
const PACED_RATE = Number(setting('BENCH_API_PACED_RATE', '2'));
/** Which reads to run (their names, comma-separated; empty for none, to profile the writes alone). */
const READ_NAMES = process.env.BENCH_API_READS?.split(',').filter(Boolean);
/** A folder for a CPU profile of the API (`node --cpu-prof`), written when it stops. */
const PROFILE_DIR = process.env.BENCH_API_PROFILE_DIR;
/** Lists each statement a step-event write makes, with how many times per write (BENCH_API_STATEMENTS=1). */
const LIST_STATEMENTS = Boolean(process.env.BENCH_API_STATEMENTS);
const COMPILED = fileURLToPath(new URL('../../build/api/main.js', import.meta.url));

const ALL_READS: [string, (person: Person) => string][] = [
  ['dashboard counts', () => '/api/dashboard'],
  ['offers list', () => '/api/offers'],
  ['transactions list', () => '/api/transactions'],
  ['transaction detail', (person) => `/api/transactions/${person.buyerTx}`],
  ['profile', () => '/api/users/profile'],
];
const READS = READ_NAMES ? ALL_READS.filter(([name]) => READ_NAMES.includes(name)) : ALL_READS;

interface Row extends Figures {
  database: string;
  scenario: string;
  /** "flat out" (each connection sends again once answered) or paced at so many requests a second per connection. */
  pace: string;
  connections: number;
}
const rows: Row[] = [];
/** The reference for the writes: pgbench's TPC-B on the PostgreSQL the API ran on. */
let pgbench: number | undefined;
const PGBENCH_CLIENTS = 50;

/** Per database, whether the version check after the writes passed. */
const gapFree: Record<string, boolean> = {};

function report(row: Row) {
  rows.push(row);
  const kinds = Object.entries(row.errorKinds).map(([kind, count]) => `${kind}×${count}`);
  console.log(
    `  ${row.scenario.padEnd(18)} ${row.pace.padEnd(9)} ${String(row.connections).padStart(3)} conn  ${row.requestsPerSecond.toFixed(0).padStart(6)} req/s` +
      `  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(5)} ms  errors ${row.errors}${kinds.length ? ` (${kinds.join(', ')})` : ''}`,
  );
}

/** The machine's load average now (shared machines make every figure swing with it). */
const loadAverage = () =>
  execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average: /, '');

/**
 * Waits until the API answers a light read quickly again: a run that overloads it leaves
 * requests of timed-out connections still queued, which would otherwise slow the next run.
 */
async function settled(api: string, person: Person) {
  for (let fast = 0, tries = 0; fast < 3 && tries < 300; tries++) {
    const started = performance.now();
    await fetch(`${api}/api/users/profile`, { headers: { authorization: person.bearer } });
    fast = performance.now() - started < 50 ? fast + 1 : 0;
  }
}

/** Each person's transaction version as the API answers it now. */
async function versionsOf(api: string, people: Person[]): Promise<number[]> {
  return inParallel(people.length, 16, async (index) => {
    const person = people[index]!;
    const answer = await fetch(`${api}/api/transactions/${person.buyerTx}`, { headers: { authorization: person.bearer } });
    return ((await answer.json()) as { version: number }).version;
  });
}

/** Connection `index` changes its person's choice again, on the version its last answer gave. */
function writeFor(people: Person[], versions: number[], acknowledged: { count: number }) {
  return (index: number): ConnectionRequest => {
    const person = index % people.length;
    let sent = 0;
    return {
      method: 'POST',
      path: `/api/transactions/${people[person]!.buyerTx}/events`,
      headers: { authorization: people[person]!.bearer, 'content-type': 'application/json' },
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          event: REPEATABLE_CHANGES[sent++ % REPEATABLE_CHANGES.length],
          payload: {},
          idempotencyKey: randomUUID(),
          expectedVersion: versions[person],
        }),
      }),
      onResponse: (status, body) => {
        if (status !== 200) return;
        acknowledged.count += 1;
        versions[person] = (JSON.parse(body) as { transaction: { version: number } }).transaction.version;
      },
    };
  };
}

/** Every transaction's events carry versions 1…version, each once (the unique index forbids repeats). */
async function versionCheck(target: DatabaseTarget) {
  const database = await openDatabase(target);
  try {
    const { rows } = (await database.db.execute(sql`
      select count(*)::integer as transactions,
             (count(*) filter (where events <> version or top <> version or bottom <> 1))::integer as with_gaps,
             sum(events)::integer as events
      from (select t.version, count(e.id) as events, coalesce(max(e.version), 0) as top, coalesce(min(e.version), 1) as bottom
            from transactions t left join transaction_events e on e.transaction_id = t.id group by t.id) as each_one`)) as unknown as {
      rows: { transactions: number; with_gaps: number; events: number }[];
    };
    return rows[0]!;
  } finally {
    await database.close();
  }
}

/** Statements per request, one request at a time (BEGIN and COMMIT included): a step-event write and the detail read. */
async function printRoundTrips(api: string, person: Person, counts: Awaited<ReturnType<typeof databaseCounts>>) {
  const PROBES = 20;
  let [version] = await versionsOf(api, [person]);
  const headers = { authorization: person.bearer, 'content-type': 'application/json' };
  const write = async (probe: number) => {
    const body = { event: REPEATABLE_CHANGES[probe % 2], payload: {}, idempotencyKey: randomUUID(), expectedVersion: version };
    const answer = await fetch(`${api}/api/transactions/${person.buyerTx}/events`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`a probe's write answered ${answer.status}`);
    version = ((await answer.json()) as { transaction: { version: number } }).transaction.version;
  };
  const read = async () => {
    const answer = await fetch(`${api}/api/transactions/${person.buyerTx}`, { headers });
    if (!answer.ok) throw new Error(`a probe's read answered ${answer.status}`);
    await answer.arrayBuffer();
  };
  const per = async (request: (probe: number) => Promise<void>) => {
    const before = await counts.now();
    for (let probe = 0; probe < PROBES; probe += 1) await request(probe);
    return perRequest(before, await counts.now(), PROBES).statements;
  };
  await counts.forgetStatements();
  const writes = await per(write);
  if (LIST_STATEMENTS)
    for (const { calls, query } of await counts.statements()) console.log(`    ${(calls / PROBES).toFixed(2)} × ${query.slice(0, 160)}`);
  const detail = await per(read);
  console.log(`  round trips to the database: ${writes.toFixed(1)} per step-event write, ${detail.toFixed(1)} per detail read`);
}

async function prepared(kind: 'postgres' | 'pglite') {
  const folder = mkdtempSync(join(tmpdir(), 'caramel-bench-api-'));
  const cluster = kind === 'postgres' ? await startPostgres({ durable: true, statements: true }) : undefined;
  if (cluster) await onDatabase(cluster.url('postgres'), ['create database bench']);
  const target: DatabaseTarget = cluster
    ? { kind: 'postgres', url: cluster.url('bench') }
    : { kind: 'pglite', dataDir: join(folder, 'db') };
  const database = await openDatabase(target);
  await addFillerDeals(database.db, FILLER_DEALS);
  await database.close();
  return {
    target,
    cluster,
    env: (cluster ? { DATABASE_URL: cluster.url('bench') } : { DATA_DIR: folder }) as Record<string, string>,
    /** The API's request log, written straight to a file (see startApiProcess). */
    apiLog: join(folder, 'api.log'),
    async remove() {
      await cluster?.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function benchOn(kind: 'postgres' | 'pglite', parts: LocalParts) {
  console.log(
    `\n${kind}: ${FILLER_DEALS} other deals in the tables, ${PEOPLE} people, ${SECONDS} s per run (load average ${loadAverage()})`,
  );
  const database = await prepared(kind);
  let api: ApiProcess | undefined;
  try {
    api = await startApiProcess(environmentFor(parts, { ...database.env, TRUSTED_PROXIES: '127.0.0.1' }), {
      compiled: COMPILED,
      outputFile: database.apiLog,
      ...(PROFILE_DIR && { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] }),
    });
    const started = Date.now();
    const people = await benchPeople(api.url, parts.identity, parts.sandbox.url, PEOPLE);
    console.log(`  people signed in and their deals made through the API in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    for (const rate of [undefined, ...(PACED_RATE ? [PACED_RATE] : [])])
      for (const [scenario, path] of READS)
        for (const connections of CONNECTIONS) {
          await settled(api.url, people[0]!);
          const figures = await load(
            api.url,
            connections,
            SECONDS,
            (index) => {
              const person = people[index % people.length]!;
              return { method: 'GET', path: path(person), headers: { authorization: person.bearer } };
            },
            rate,
          );
          report({ database: kind, scenario, pace: rate ? `${rate}/s each` : 'flat out', connections, ...figures });
        }
    let acknowledged = 0;
    let applied = 0;
    const counts = database.cluster && (await databaseCounts(database.cluster.url('bench')));
    try {
      for (const connections of CONNECTIONS) {
        // A run stops with writes in flight: their answers never reach the bench, so versions are read again.
        await settled(api.url, people[0]!);
        const before = await versionsOf(api.url, people);
        const counter = { count: 0 };
        const countedBefore = await counts?.now();
        const figures = await load(api.url, connections, SECONDS, writeFor(people, [...before], counter));
        report({ database: kind, scenario: 'step-event writes', pace: 'flat out', connections, ...figures });
        // The database publishes its commit counts within a second of them.
        if (counts) await new Promise((resolve) => setTimeout(resolve, 1_500));
        const countedAfter = await counts?.now();
        if (countedBefore && countedAfter)
          console.log(`    commits per WAL flush: ${perRequest(countedBefore, countedAfter, 1).commitsPerFlush.toFixed(2)}`);
        const after = await versionsOf(api.url, people);
        acknowledged += counter.count;
        applied += after.reduce((sum, version, index) => sum + version - before[index]!, 0);
      }
      if (counts) await printRoundTrips(api.url, people[0]!, counts);
    } finally {
      await counts?.end();
    }
    const exit = await api.stop();
    api = undefined;
    if (exit !== 0) throw new Error(`the API exited with ${exit}`);
    const check = await versionCheck(database.target);
    console.log(
      `  versions: ${check.transactions} transactions, ${check.with_gaps} with a gap or a repeat; the writes applied ${applied} events, ` +
        `${acknowledged} of them answered 200 (the rest were in flight when a run stopped)`,
    );
    gapFree[kind] = check.with_gaps === 0 && acknowledged <= applied;
    if (database.cluster) {
      pgbench = await pgbenchTps(database.cluster, PGBENCH_CLIENTS, SECONDS);
      console.log(`  pgbench TPC-B on the same cluster, ${PGBENCH_CLIENTS} clients, fsync on: ${pgbench.toFixed(0)} tps`);
    }
  } catch (error) {
    if (api) console.error(`the API's last output:\n${api.output()}`);
    throw error;
  } finally {
    await api?.stop();
    await database.remove();
  }
}

function table() {
  const header = '| database | scenario | pace | connections | requests/s | p50 ms | p99 ms | errors |';
  const lines = rows.map(
    (row) =>
      `| ${row.database} | ${row.scenario} | ${row.pace} | ${row.connections} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} |`,
  );
  return [header, '| --- | --- | --- | --- | --- | --- | --- | --- |', ...lines].join('\n');
}

/** The read target per pace: met, missed (by which reads, with their p99), or not measured. */
function readTarget(pace: string): string {
  const runs = rows.filter(
    (row) => row.database === 'postgres' && row.connections === 200 && row.pace === pace && row.scenario !== 'step-event writes',
  );
  const slow = runs.filter((row) => row.p99 >= 25 || row.errors > 0);
  if (!runs.length) return 'not measured';
  return slow.length ? `missed by ${slow.map((row) => `${row.scenario} (p99 ${row.p99} ms)`).join(', ')}` : 'met';
}

/** The most requests a second `scenario` reached flat out on `database`, over every connection count. */
const best = (database: string, scenario: string) =>
  Math.max(
    0,
    ...rows
      .filter((row) => row.database === database && row.scenario === scenario && row.pace === 'flat out')
      .map((row) => row.requestsPerSecond),
  );

/** Issue 32's ratios: writes against pgbench, the transaction in full against the profile (the lightest read). */
function ratios(): string[] {
  const lines: string[] = [];
  for (const database of new Set(rows.map((row) => row.database))) {
    const writes = best(database, 'step-event writes');
    if (database === 'postgres' && pgbench) {
      const ratio = writes / pgbench;
      lines.push(
        `target step-event writes >= 0.2 × pgbench TPC-B (${pgbench.toFixed(0)} tps): ${ratio.toFixed(2)} × — ${ratio >= 0.2 ? 'met' : 'missed'}`,
      );
    } else if (pgbench)
      lines.push(`${database}: step-event writes ${writes.toFixed(0)} req/s, ${(writes / pgbench).toFixed(2)} × PostgreSQL's pgbench`);
    const detail = best(database, 'transaction detail');
    const profile = best(database, 'profile');
    if (profile) {
      const ratio = detail / profile;
      const verdict = database === 'postgres' ? ` — ${ratio >= 0.5 ? 'met' : 'missed'}` : '';
      lines.push(
        `${database === 'postgres' ? 'target ' : `${database}: `}transaction detail >= 0.5 × the profile's req/s: ${ratio.toFixed(2)} ×${verdict}`,
      );
    }
  }
  return lines;
}

const local = await startLocalParts(`http://127.0.0.1:${await freePort()}`);
try {
  for (const kind of DATABASES) await benchOn(kind, local.parts);
  console.log(
    `\n${cpus().length} × ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${loadAverage()}`,
  );
  console.log(table());
  for (const pace of new Set(rows.filter((row) => row.scenario !== 'step-event writes').map((row) => row.pace)))
    console.log(`target reads p99 < 25 ms at 200 connections on PostgreSQL, ${pace}: ${readTarget(pace)}`);
  for (const line of ratios()) console.log(line);
  const failed = rows.filter((row) => row.errors > 0);
  console.log(`target no errors: ${failed.length ? `missed in ${failed.length} runs` : 'met'}`);
  const gaps = Object.entries(gapFree).filter(([, fine]) => !fine);
  console.log(`target versions gap-free after the writes: ${gaps.length ? `missed on ${gaps.map(([kind]) => kind).join(', ')}` : 'met'}`);
  if (gaps.length) process.exitCode = 1;
} finally {
  await local.stop();
}
