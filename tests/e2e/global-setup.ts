/**
 * Starts `npm start`'s launcher the way a user does, on free ports with a throwaway data dir,
 * and hands its URL to the tests (E2E_BASE_URL); stops it afterwards. With E2E_BASE_URL already
 * set, the tests use that stack instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePortRun } from '../support/free-port';
import { startLauncher } from '../support/launcher';

export default async function globalSetup() {
  // Against a stack that is already running (E2E_BASE_URL=http://127.0.0.1:8080), as when debugging.
  if (process.env.E2E_BASE_URL) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'caramel-e2e-'));
  const stack = await startLauncher({ PORT: String(await freePortRun(4)), DATA_DIR: dataDir });
  process.env.E2E_BASE_URL = stack.url;

  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
