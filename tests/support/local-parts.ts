/**
 * Starts the real identity and storage services (the child processes `npm start` runs) on
 * free ports with a throwaway data dir, for the server test suite's global setup.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IdentityInfo } from '../../server/stack/identity';
import { startLocalServices } from '../../server/stack/local-services';
import { freePort } from './free-port';

export interface LocalParts {
  dataDir: string;
  mailboxFile: string;
  identity: IdentityInfo;
  storage: { endpoint: string; bucket: string };
  sandbox: { url: string; webhookSecret: string };
  appOrigin: string;
}

export async function startLocalParts(appOrigin: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'caramel-test-'));
  const services = await startLocalServices({
    host: '127.0.0.1',
    identityPort: await freePort(),
    signInPort: await freePort(),
    storagePort: await freePort(),
    sandboxPort: await freePort(),
    dataDir,
    bucket: 'caramel-test',
    allowedOrigins: [appOrigin],
    webhookDelayMs: 150,
  });
  const parts: LocalParts = {
    dataDir,
    mailboxFile: services.mailboxFile,
    identity: services.identity,
    storage: services.storage,
    sandbox: services.sandbox,
    appOrigin,
  };
  return {
    parts,
    async stop() {
      await services.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
