/**
 * Debian's PostgreSQL for tests: a throwaway cluster (initdb + pg_ctl) in a temporary directory,
 * listening on 127.0.0.1 at a free port, removed when stopped. PostgreSQL refuses to run as root,
 * so as root every command runs as the `postgres` user the Debian package creates.
 * `POSTGRES_BIN` points at another server's binaries (default: the newest under /usr/lib/postgresql).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

export interface RunningPostgres {
  /** A connection URL for `database` on this cluster. */
  url(database: string): string;
  stop(): Promise<void>;
  /** Stops the server ("fast": every session is ended) and keeps its data, as a restart or failover would. */
  pause(): void;
  /** Starts it again on the same port, with the same data. */
  resume(): void;
}

function binDir(): string {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (or set POSTGRES_BIN)');
  return join(root, newest, 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the `postgres` user when we are root; answers what it printed. */
function run(program: string, args: string[]): string {
  const [command, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', program, ...args] : [program, ...args];
  return execFileSync(command!, rest, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** One of the server's programs (`pgbench`, `psql` …) from the same installation the clusters run on. */
export const runPostgresProgram = (name: string, args: string[]): string => run(join(binDir(), name), args);

/**
 * `durable` keeps PostgreSQL's own defaults (fsync, synchronous commit), as a benchmark should; `statements` loads
 * pg_stat_statements, so a benchmark can count the statements a request makes.
 */
export async function startPostgres(options: { durable?: boolean; statements?: boolean } = {}): Promise<RunningPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'caramel-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Durability is worth nothing to a test cluster thrown away after the run; speed is.
  const speed = options.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const counted = options.statements ? ' -c shared_preload_libraries=pg_stat_statements' : '';
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300${speed}${counted}`;
  const start = () => run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', settings, '-w', 'start']);
  start();
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    pause: () => run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    async stop() {
      // Stopped already (paused by a test that failed before resuming it): nothing runs to stop.
      if (existsSync(join(data, 'postmaster.pid'))) run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `statements` on `url` with one short-lived connection. */
export async function onDatabase(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
