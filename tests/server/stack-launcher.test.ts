/** `npm start` failing fast with one line that names the fix. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { LOCAL_STORAGE_CREDENTIALS } from '../../server/stack/storage';
import { freePortRun, isFree } from '../support/free-port';
import { cognitoCall, createConfirmedUser, type PoolAddress } from '../support/identity-admin';
import { startLauncher } from '../support/launcher';

function launch(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/stack/main.ts'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, errorLines: result.stderr.trim().split('\n').filter(Boolean) };
}

describe('stack launcher', () => {
  it('says which port is taken and how to fix it', async () => {
    const port = await freePortRun(5);
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    const result = launch({ PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'caramel-stack-')) });
    blocker.close();
    expect(result.status).toBe(1);
    expect(result.errorLines).toEqual([`Port ${port} (app and API) is already in use; stop what uses it or start with another PORT.`]);
  });

  it('says when the data dir cannot be used', async () => {
    const notAFolder = join(mkdtempSync(join(tmpdir(), 'caramel-stack-')), 'file');
    writeFileSync(notAFolder, 'x');
    const result = launch({ PORT: String(await freePortRun(5)), DATA_DIR: notAFolder });
    expect(result.status).toBe(1);
    expect(result.errorLines).toHaveLength(1);
    expect(result.errorLines[0]).toMatch(/^DATA_DIR ".*file" cannot be used \(.*\); point DATA_DIR at a writable folder\.$/);
  });
});

describe('stack lifecycle', () => {
  // Two whole starts of five parts: a few seconds each on an idle machine, far more on a shared one.
  it('keeps users and documents across a restart, and Ctrl-C frees every port', { timeout: 120_000 }, async () => {
    const port = await freePortRun(5);
    const dataDir = mkdtempSync(join(tmpdir(), 'caramel-stack-'));
    const staticDir = mkdtempSync(join(tmpdir(), 'caramel-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
    const env = { PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: staticDir };

    const first = await startLauncher(env);
    const config = await (await fetch(`${first.url}/config.json`)).json();
    const pool = { endpoint: config.auth.userPoolEndpoint, userPoolId: config.auth.userPoolId };
    const user = await createConfirmedUser(pool);
    const s3 = new S3Client({
      region: 'us-west-2',
      endpoint: `http://127.0.0.1:${port + 2}`,
      forcePathStyle: true,
      credentials: LOCAL_STORAGE_CREDENTIALS,
    });
    await s3.send(new PutObjectCommand({ Bucket: config.storage.bucket, Key: 'public/kept.txt', Body: 'kept' }));
    const profileBefore = await profileOf(first.url, pool, config.auth.userPoolClientId, user);
    expect(await first.stop()).toBe(0);
    for (const taken of [port, port + 1, port + 2, port + 3, port + 4]) expect(await isFree(taken)).toBe(true);

    const second = await startLauncher(env);
    const configAgain = await (await fetch(`${second.url}/config.json`)).json();
    expect(configAgain.auth.userPoolId).toBe(config.auth.userPoolId);
    expect(await profileOf(second.url, pool, config.auth.userPoolClientId, user)).toEqual(profileBefore);
    const head = await s3.send(new HeadObjectCommand({ Bucket: config.storage.bucket, Key: 'public/kept.txt' }));
    expect(head.ContentLength).toBe(4);
    s3.destroy();
    expect(await second.stop()).toBe(0);
  });
});

async function profileOf(url: string, pool: PoolAddress, clientId: string, user: { email: string; password: string }) {
  const auth = await cognitoCall<{ AuthenticationResult: { IdToken: string } }>(pool, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  const answer = await fetch(`${url}/api/users/profile`, { headers: { authorization: `Bearer ${auth.AuthenticationResult.IdToken}` } });
  expect(answer.status).toBe(200);
  return answer.json();
}
