/**
 * Starts `npm start`'s launcher the way a user does, on free ports with a throwaway data dir,
 * and hands its URL to the tests (E2E_BASE_URL) and its hosted sign-in certificate's key to
 * Chromium (E2E_SIGN_IN_SPKI, read by playwright.config.ts); stops it afterwards. Browsers reach storage
 * through the fault proxy (E2E_STORAGE_PROXY), which passes everything through until an upload
 * test asks for a fault. With E2E_BASE_URL already set, the tests use that stack instead.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFaultProxy } from '../support/fault-proxy';
import { freePort, freePortRun } from '../support/free-port';
import { startLauncher } from '../support/launcher';

export default async function globalSetup() {
  // Against a stack that is already running (E2E_BASE_URL=http://127.0.0.1:8080), as when debugging.
  if (process.env.E2E_BASE_URL) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'caramel-e2e-'));
  const port = await freePortRun(5);
  let proxyPort = await freePort();
  while (proxyPort >= port && proxyPort < port + 5) proxyPort = await freePort();
  const proxy = await startFaultProxy(`http://127.0.0.1:${port + 2}`, proxyPort);
  const stack = await startLauncher({
    PORT: String(port),
    DATA_DIR: dataDir,
    STORAGE_PUBLIC_ENDPOINT: proxy.url,
    SANDBOX_WEBHOOK_DELAY_MS: '400',
  });
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SIGN_IN_SPKI = signInSpki(dataDir);
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_STORAGE_PROXY = proxy.url;
  process.env.E2E_STORAGE_ENDPOINT = `http://127.0.0.1:${port + 2}`;

  return async () => {
    await stack.stop();
    await proxy.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Base64 SHA-256 of the public key of the certificate the stack made for its hosted sign-in. */
function signInSpki(dataDir: string): string {
  const certificate = new X509Certificate(readFileSync(join(dataDir, 'hosted-sign-in', 'cert.pem')));
  return createHash('sha256')
    .update(certificate.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
}
