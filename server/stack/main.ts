/**
 * `npm start`: the whole product on this machine with no cloud account. Builds the web app
 * when needed, starts identity (cognito-local) and storage (s3rver) as child processes and the
 * API in this one, then prints the Ready line. Ctrl-C stops everything.
 *
 * Interface: PORT (default 8080) for the app and API, IDENTITY_PORT (PORT+1), STORAGE_PORT
 * (PORT+2), SANDBOX_PORT (PORT+3) for the third-party sandboxes (verification widget, carrier),
 * SIGN_IN_PORT (PORT+4) for the hosted sign-in (HTTPS), DATA_DIR (default .data) for every
 * part's data, STATIC_DIR (default dist/, built when stale) for the web app.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from '../api/server';
import { loadSettings } from '../config/settings';
import { secretEnvironment } from '../providers/webhook-secrets';
import { buildIfNeeded } from './build-if-needed';
import { startLocalServices } from './local-services';
import { ensureDataDir, ensurePortFree, PreflightError } from './preflight';
import { LOCAL_STORAGE_CREDENTIALS } from './storage';

// This machine runs Node 20; the SDK's notice about its future Node 22 floor is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = fileURLToPath(new URL('../..', import.meta.url));
const host = '127.0.0.1';
const port = Number(process.env.PORT ?? 8080);
const identityPort = Number(process.env.IDENTITY_PORT ?? port + 1);
const storagePort = Number(process.env.STORAGE_PORT ?? port + 2);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? port + 3);
const signInPort = Number(process.env.SIGN_IN_PORT ?? port + 4);
const dataDir = resolve(process.env.DATA_DIR ?? '.data');
const bucket = 'caramel-documents';

const running: { stop(): Promise<void> }[] = [];

async function main() {
  ensureDataDir(dataDir);
  await ensurePortFree(host, port, 'app and API', 'PORT');
  await ensurePortFree(host, identityPort, 'identity', 'IDENTITY_PORT');
  await ensurePortFree(host, storagePort, 'storage', 'STORAGE_PORT');
  await ensurePortFree(host, sandboxPort, 'provider sandbox', 'SANDBOX_PORT');
  await ensurePortFree(host, signInPort, 'hosted sign-in', 'SIGN_IN_PORT');
  // A STATIC_DIR of your own is served as it is; the default dist/ is rebuilt when stale.
  const staticDir = process.env.STATIC_DIR ?? join(root, 'dist');
  if (!process.env.STATIC_DIR) buildIfNeeded(root, staticDir);

  const services = await startLocalServices({
    host,
    identityPort,
    signInPort,
    storagePort,
    sandboxPort,
    dataDir,
    bucket,
    allowedOrigins: [`http://${host}:${port}`, `http://localhost:${port}`],
    webhookDelayMs: Number(process.env.SANDBOX_WEBHOOK_DELAY_MS ?? 1500),
  });
  running.push(services);
  const { identity, storage, sandbox, mailboxFile } = services;

  const settings = loadSettings({
    ...process.env,
    LOCAL_STACK: 'true',
    APP_ORIGIN: `http://${host}:${port}`,
    HOST: host,
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    AUTH_USER_POOL_ID: identity.userPoolId,
    AUTH_USER_POOL_CLIENT_ID: identity.userPoolClientId,
    AUTH_USER_POOL_ENDPOINT: identity.endpoint,
    AUTH_OAUTH_DOMAIN: identity.oauthDomain,
    AUTH_OAUTH_REDIRECT_URL: `http://${host}:${port}/sign-in`,
    STORAGE_BUCKET: bucket,
    STORAGE_ENDPOINT: storage.endpoint,
    STORAGE_ACCESS_KEY_ID: LOCAL_STORAGE_CREDENTIALS.accessKeyId,
    STORAGE_SECRET_ACCESS_KEY: LOCAL_STORAGE_CREDENTIALS.secretAccessKey,
    DEV_MAILBOX_FILE: mailboxFile,
    VERIFICATION_WIDGET_HOST: sandbox.url,
    PUSH_STAND_IN_URL: sandbox.url,
    ...secretEnvironment(sandbox.webhookSecrets),
  });
  const api = await startApi(settings).catch((error: Error) => {
    throw new PreflightError(
      `The API could not start (${error.message}); if the database under ${join(dataDir, 'db')} is damaged, move it aside to start fresh.`,
    );
  });
  running.push({ stop: api.close });

  const health = await fetch(`${api.url}/api/healthz`).then((answer) => answer.json());
  if (health.status !== 'ok') throw new PreflightError(`A part did not answer: ${JSON.stringify(health)}`);
  console.log(`Codes the identity service sends are listed at ${api.url}/dev/mailbox`);
  console.log(`Notifications pushed to this stack's devices are listed at ${sandbox.url}/push`);
  console.log(`Google, Apple and Facebook sign-in: trust ${identity.signInCaFile} once (docs/running-locally.md, "Local hosted sign-in")`);
  console.log(`Ready: ${api.url}`);
}

async function stopAll(code: number) {
  await Promise.allSettled(running.reverse().map((part) => part.stop()));
  process.exit(code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

main().catch((error: Error) => {
  console.error(error instanceof PreflightError ? error.message : `Could not start: ${error.message}`);
  void stopAll(1);
});
