/**
 * The API built in-process against the real local parts and a fresh database per call: PGlite
 * in memory, or in the `server-postgres` project a copy of the PostgreSQL template.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { buildApi, type ApiDependencies } from '../../server/api/app';
import { loadSettings } from '../../server/config/settings';
import { migratedTemplate, openDatabase, type OpenDatabase } from '../../server/db/client';
import { freePort } from './free-port';
import { ledgerProblems } from './ledger-invariants';
import { createS3Client } from '../../server/storage/s3-client';
import { callerOf } from './api-call';
import { environmentFor, type LocalParts } from './local-parts';
import { onDatabase } from './postgres';

let template: Promise<Blob> | undefined;

export function settingsFor(parts: LocalParts, overrides: Record<string, string> = {}) {
  return loadSettings(environmentFor(parts, overrides));
}

/** A fresh, migrated database; `url` is set when it is PostgreSQL (other processes can open it too). */
export async function freshDatabase(): Promise<{ database: OpenDatabase; url?: string }> {
  const postgres = inject('postgres');
  if (postgres) {
    const name = `test_${randomUUID().replaceAll('-', '')}`;
    await onDatabase(postgres.adminUrl, [`create database ${name} template ${postgres.template}`]);
    const url = postgres.adminUrl.replace(/\/[^/]*$/, `/${name}`);
    return { database: await openDatabase({ kind: 'postgres', url }), url };
  }
  template ??= templateOfRun();
  return { database: await openDatabase({ kind: 'pglite', template: await template }) };
}

/** The run's migrated template (pglite-global-setup.ts); without one, this file migrates its own. */
async function templateOfRun(): Promise<Blob> {
  const file = inject('pgliteTemplate');
  return file ? new Blob([await readFile(file)]) : migratedTemplate();
}

/** Tests only: what a test may add to the API (a failure injected before every commit, providers of its own). */
export type TestHooks = Pick<ApiDependencies, 'beforeCommit' | 'providers'>;

export async function apiFor(
  parts: LocalParts,
  overrides: Record<string, string> = {},
  logger?: NodeJS.WritableStream,
  hooks: TestHooks = {},
) {
  const settings = settingsFor(parts, overrides);
  const { database, url } = await freshDatabase();
  const s3 = createS3Client(settings.storage);
  const app = await buildApi({ settings, database, s3, logger, ...hooks });
  return {
    app,
    database,
    /** Set on PostgreSQL: other API processes can open the same database. */
    databaseUrl: url,
    /** One request as a client sends it: an optional bearer header and a JSON body, from `from` (an IP). */
    call: callerOf(app),
    async close() {
      // A sandbox's webhook still arriving keeps its connection alive once answered, for Fastify's keep-alive timeout
      // (72 s), and close waits for it: the test is over, so every connection ends with it.
      const closed = app.close();
      app.server.closeAllConnections();
      await closed;
      // Every scenario ends with the ledger's invariants holding (DESIGN §10).
      const problems = await ledgerProblems(database.db);
      await database.close();
      s3.destroy();
      if (problems.length) throw new Error(`The ledger's invariants do not hold:\n${problems.join('\n')}`);
    },
  };
}

/** An API listening on a port of its own, so the sandboxes' webhooks reach it, handing requests to providers every second. */
export async function listeningApi(
  parts: LocalParts,
  logger?: NodeJS.WritableStream,
  hooks: TestHooks = {},
  overrides: Record<string, string> = {},
) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const api = await apiFor(parts, { PROVIDER_CALLBACK_URL: url, PROVIDER_DISPATCH_INTERVAL_SECONDS: '1', ...overrides }, logger, hooks);
  await api.app.listen({ host: '127.0.0.1', port });
  return { ...api, url };
}
