/** `npm start` failing fast with one line that names the fix. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePortRun } from '../support/free-port';

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
    const port = await freePortRun(3);
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
    const result = launch({ PORT: String(await freePortRun(3)), DATA_DIR: notAFolder });
    expect(result.status).toBe(1);
    expect(result.errorLines).toHaveLength(1);
    expect(result.errorLines[0]).toMatch(/^DATA_DIR ".*file" cannot be used \(.*\); point DATA_DIR at a writable folder\.$/);
  });
});
