/**
 * Starts the real identity and storage services (the child processes `npm start` runs) on
 * free ports with a throwaway data dir, for the server test suite's global setup and `bench:api`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IdentityInfo } from '../../server/stack/identity';
import { secretEnvironment } from '../../server/providers/webhook-secrets';
import { startLocalServices, type SandboxInfo } from '../../server/stack/local-services';
import { LOCAL_STORAGE_CREDENTIALS } from '../../server/stack/storage';
import { freePort } from './free-port';

export interface LocalParts {
  dataDir: string;
  mailboxFile: string;
  identity: IdentityInfo;
  storage: { endpoint: string; bucket: string };
  sandbox: SandboxInfo;
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

/** The environment `npm start` gives the API, pointed at the test suite's local parts. */
export function environmentFor(parts: LocalParts, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    LOCAL_STACK: 'true',
    AUTH_USER_POOL_ID: parts.identity.userPoolId,
    AUTH_USER_POOL_CLIENT_ID: parts.identity.userPoolClientId,
    AUTH_USER_POOL_ENDPOINT: parts.identity.endpoint,
    STORAGE_BUCKET: parts.storage.bucket,
    STORAGE_ENDPOINT: parts.storage.endpoint,
    STORAGE_ACCESS_KEY_ID: LOCAL_STORAGE_CREDENTIALS.accessKeyId,
    STORAGE_SECRET_ACCESS_KEY: LOCAL_STORAGE_CREDENTIALS.secretAccessKey,
    STATIC_DIR: '/nonexistent',
    VERIFICATION_WIDGET_HOST: parts.sandbox.url,
    DATA_DIR: parts.dataDir,
    PUSH_STAND_IN_URL: parts.sandbox.url,
    ...secretEnvironment(parts.sandbox.webhookSecrets),
    // Delivery counts as done at the handover unless a test sets the clock (api-delivery.test.ts): the money tests release at once.
    DELIVERY_CONFIRMATION_HOURS: '0',
    ...overrides,
  };
}
