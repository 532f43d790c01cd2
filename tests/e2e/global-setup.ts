/**
 * Starts `npm start`'s launcher the way a user does, on free ports with a throwaway data dir,
 * waits for its Ready line, and hands the URL to the tests (E2E_BASE_URL); stops it afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortRun } from '../support/free-port';

export default async function globalSetup() {
  const port = await freePortRun(3);
  const dataDir = mkdtempSync(join(tmpdir(), 'caramel-e2e-'));
  const stack = spawn(process.execPath, ['--import', 'tsx', 'server/stack/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack not ready within 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Ready: (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    };
    stack.stdout.on('data', read);
    stack.stderr.on('data', read);
    stack.once('exit', (code) => reject(new Error(`stack exited (${code}) before it was ready:\n${output}`)));
  });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await new Promise<void>((resolve) => {
      stack.once('exit', () => resolve());
      stack.kill('SIGINT');
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
