/**
 * Starts the real identity and storage services (the same child processes `npm start` runs)
 * on free ports with a throwaway data dir, for the server test suite's global setup.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IdentityInfo } from '../../server/stack/identity';
import { startService } from '../../server/stack/service-process';
import { freePort } from './free-port';

export interface LocalParts {
  dataDir: string;
  mailboxFile: string;
  identity: IdentityInfo;
  storage: { endpoint: string; bucket: string };
  appOrigin: string;
}

export async function startLocalParts(appOrigin: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'caramel-test-'));
  const mailboxFile = join(dataDir, 'identity', 'mailbox.json');
  const bucket = 'caramel-test';
  const [identityPort, storagePort] = [await freePort(), await freePort()];
  const [identity, storage] = await Promise.all([
    startService<IdentityInfo>('identity', new URL('../../server/stack/identity-service.ts', import.meta.url), {
      host: '127.0.0.1',
      port: identityPort,
      dataDir,
      mailboxFile,
    }),
    startService<{ endpoint: string }>(
      'storage',
      new URL('../../server/stack/storage-service.ts', import.meta.url),
      { host: '127.0.0.1', port: storagePort, dataDir, bucket, allowedOrigins: [appOrigin] },
      ['--openssl-legacy-provider'],
    ),
  ]);
  const parts: LocalParts = {
    dataDir,
    mailboxFile,
    identity: identity.info,
    storage: { endpoint: storage.info.endpoint, bucket },
    appOrigin,
  };
  return {
    parts,
    async stop() {
      await Promise.all([identity.stop(), storage.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
