/**
 * The compiled API (`npm run build:server`) on PostgreSQL, as deployed: it answers healthy, and
 * several processes started at once against one empty database (a deploy behind a load
 * balancer) all come up — one applies the migrations under the advisory lock, the others wait
 * and find nothing left to do — with each migration applied once.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compileApi, startApiProcess } from '../support/api-process';
import { environmentFor } from '../support/local-parts';
import { onDatabase } from '../support/postgres';

const parts = inject('parts');
const postgres = inject('postgres')!;
const MIGRATIONS = (JSON.parse(readFileSync('server/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] }).entries.length;
let build: ReturnType<typeof compileApi>;

beforeAll(() => {
  build = compileApi();
});
afterAll(() => build.remove());

/** A database with nothing in it, not even the migrations table. */
async function emptyDatabase(): Promise<string> {
  const name = `empty_${randomUUID().replaceAll('-', '')}`;
  await onDatabase(postgres.adminUrl, [`create database ${name}`]);
  return postgres.adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

async function appliedMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations')).rows.map((row) => row.hash);
  } finally {
    await client.end();
  }
}

async function healthOf(url: string) {
  const answer = await fetch(`${url}/api/healthz`);
  return { status: answer.status, body: await answer.json() };
}

const HEALTHY = { status: 200, body: { status: 'ok', database: 'ok', storage: 'ok', identity: 'ok' } };

describe('the compiled API on PostgreSQL', () => {
  it('migrates an empty database, answers healthy, and stops cleanly on SIGTERM', async () => {
    const url = await emptyDatabase();
    const server = await startApiProcess(environmentFor(parts, { DATABASE_URL: url }), { compiled: build.main });

    expect(await healthOf(server.url)).toEqual(HEALTHY);
    expect(await appliedMigrations(url)).toHaveLength(MIGRATIONS);
    expect(await server.stop()).toBe(0);
  });

  it('comes up in every one of three processes started at once on one empty database, each migration applied once', async () => {
    const url = await emptyDatabase();
    const env = environmentFor(parts, { DATABASE_URL: url });
    const started = await Promise.allSettled([1, 2, 3].map(() => startApiProcess(env, { compiled: build.main })));
    const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'up'))).toEqual(['up', 'up', 'up']);
      for (const server of servers) expect(await healthOf(server.url)).toEqual(HEALTHY);
      const applied = await appliedMigrations(url);
      expect(applied).toHaveLength(MIGRATIONS);
      expect(new Set(applied).size).toBe(MIGRATIONS);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  });
});
