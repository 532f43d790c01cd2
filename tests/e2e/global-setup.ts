/**
 * Starts `npm start`'s launcher the way a user does, on free ports with a throwaway data dir and
 * a throwaway Debian PostgreSQL cluster as its database (`DATABASE_URL`, as in production; PGlite,
 * the default, is half the API's CPU under three browsers), and hands its URL to the tests (E2E_BASE_URL) and its hosted sign-in certificate's key to
 * Chromium (E2E_SIGN_IN_SPKI, read by playwright.config.ts); stops it afterwards. Browsers reach storage
 * through the fault proxy (E2E_STORAGE_PROXY), which passes everything through until an upload
 * test asks for a fault. With E2E_BASE_URL already set, the tests use that stack instead.
 * It also makes one admin the workers share (E2E_ADMIN_EMAIL, password TEST_PASSWORD): put in the
 * pool's admin group here, before any worker runs, no test's own group write can lose it.
 */
import { createHash, randomUUID, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFaultProxy } from '../support/fault-proxy';
import { addToGroup, createConfirmedUser } from '../support/identity-admin';
import { freePort, freePortRun } from '../support/free-port';
import { startLauncher } from '../support/launcher';
import { onDatabase, startPostgres } from '../support/postgres';

export default async function globalSetup() {
  // Against a stack that is already running (E2E_BASE_URL=http://127.0.0.1:8080), as when debugging.
  if (process.env.E2E_BASE_URL) return void (await shareAdmin(process.env.E2E_BASE_URL));
  const dataDir = mkdtempSync(join(tmpdir(), 'caramel-e2e-'));
  const port = await freePortRun(5);
  let proxyPort = await freePort();
  while (proxyPort >= port && proxyPort < port + 5) proxyPort = await freePort();
  const proxy = await startFaultProxy(`http://127.0.0.1:${port + 2}`, proxyPort);
  const postgres = await startPostgres();
  await onDatabase(postgres.url('postgres'), ['create database caramel']);
  const stack = await startLauncher({
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url('caramel'),
    STORAGE_PUBLIC_ENDPOINT: proxy.url,
    SANDBOX_WEBHOOK_DELAY_MS: '400',
  });
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SIGN_IN_SPKI = signInSpki(dataDir);
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_STORAGE_PROXY = proxy.url;
  process.env.E2E_STORAGE_ENDPOINT = `http://127.0.0.1:${port + 2}`;
  const teardown = async () => {
    await stack.stop();
    await proxy.close();
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  await shareAdmin(stack.url).catch(async (error: Error) => (await teardown(), Promise.reject(error)));
  return teardown;
}

async function shareAdmin(stackUrl: string) {
  const { auth } = await (await fetch(`${stackUrl}/config.json`)).json();
  const pool = { endpoint: auth.userPoolEndpoint, userPoolId: auth.userPoolId };
  const admin = await createConfirmedUser(pool, `admin-${randomUUID().slice(0, 8)}@example.com`);
  await addToGroup(pool, admin.email, 'admin');
  process.env.E2E_ADMIN_EMAIL = admin.email;
}

/** Base64 SHA-256 of the public key of the certificate the stack made for its hosted sign-in. */
function signInSpki(dataDir: string): string {
  const certificate = new X509Certificate(readFileSync(join(dataDir, 'hosted-sign-in', 'cert.pem')));
  return createHash('sha256')
    .update(certificate.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
}
