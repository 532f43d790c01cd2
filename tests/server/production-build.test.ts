/**
 * The production shape: the API built to JavaScript (`npm run build:server`) runs on plain
 * Node, with no TypeScript loader, and answers healthy against the real local parts.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { environmentFor } from '../support/api-harness';
import { freePort } from '../support/free-port';

const parts = inject('parts');
const folder = mkdtempSync(join(tmpdir(), 'caramel-build-'));

beforeAll(() => {
  // Packages resolve from a node_modules above the build, as in the image (/app/node_modules).
  symlinkSync(resolve('node_modules'), join(folder, 'node_modules'));
  execFileSync(process.execPath, ['--import', 'tsx', 'server/build/build-api.ts', join(folder, 'api')], { stdio: 'pipe' });
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the compiled API', () => {
  it('starts with plain node on PGlite, answers healthy, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [join(folder, 'api/main.js')], {
      // No tsx anywhere: not in the flags, not inherited from the test runner's NODE_OPTIONS.
      env: {
        ...environmentFor(parts),
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(folder, 'data'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`Server listening at http://127.0.0.1:${port}`)) resolve();
      };
      server.stdout.on('data', read);
      server.stderr.on('data', read);
      void exited.then((code) => reject(new Error(`the compiled API exited (${code}):\n${output}`)));
    });

    const health = await fetch(`http://127.0.0.1:${port}/api/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', identity: 'ok' });

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
