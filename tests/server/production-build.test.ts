/**
 * The production shape: the API built to JavaScript (`npm run build:server`) runs on plain
 * Node, with no TypeScript loader, and answers healthy against the real local parts (PGlite here;
 * production-build.postgres.test.ts runs it on PostgreSQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compileApi, startApiProcess } from '../support/api-process';
import { environmentFor } from '../support/local-parts';

const parts = inject('parts');
const dataDir = mkdtempSync(join(tmpdir(), 'caramel-data-'));
let build: ReturnType<typeof compileApi>;

beforeAll(() => {
  build = compileApi();
});
afterAll(() => {
  build.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled API', () => {
  it('starts with plain node on PGlite, answers healthy, and stops cleanly on SIGTERM', async () => {
    const server = await startApiProcess(environmentFor(parts, { DATA_DIR: dataDir }), { compiled: build.main });

    const health = await fetch(`${server.url}/api/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', identity: 'ok' });

    expect(await server.stop()).toBe(0);
  });
});
