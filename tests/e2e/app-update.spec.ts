/**
 * A new release reaching an open tab (DESIGN.md §7): two real builds (the suite's own, then one
 * made here), served one after the other by the stack restarted on the same port, as a deploy does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePortRun } from '../support/free-port';
import { startLauncher, type RunningLauncher } from '../support/launcher';
import { expect, test } from './fixtures';

// Goes offline: its pages come from the service worker, as in an installed app.
test.use({ serviceWorkers: 'allow' });

function build(outDir: string, id: string) {
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--logLevel', 'error'], {
    env: { ...process.env, BUILD_ID: id },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build ${id} failed: ${result.stderr}`);
}

test('a new build prompts an open tab, never reloads over unsaved input, and Reload brings it', async ({ browser }) => {
  test.setTimeout(240_000);
  const root = mkdtempSync(join(tmpdir(), 'caramel-update-'));
  // The first release is the build the suite runs on (`npm run test:e2e` makes it); the second is made here.
  const first = resolve('dist');
  const firstId = (JSON.parse(readFileSync(join(first, 'builds/latest.json'), 'utf8')) as { id: string }).id;
  build(join(root, 'second'), 'second-build');
  const env = { PORT: String(await freePortRun(5)), DATA_DIR: join(root, 'data'), UPDATE_CHECK_INTERVAL_SECONDS: '5' };
  let stack: RunningLauncher = await startLauncher({ ...env, STATIC_DIR: first });
  const context = await browser.newContext({ baseURL: stack.url });
  await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: stack.url }]);
  try {
    const page = await context.newPage();
    await page.goto('/healthcheck');
    await expect(page.getByTestId('build-id')).toHaveText(firstId);
    await page.evaluate(() => navigator.serviceWorker.ready);

    await page.goto('/component-library/form-inputs');
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('Ada, not yet sent');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await stack.stop();
    stack = await startLauncher({ ...env, STATIC_DIR: join(root, 'second') });

    await expect(page.getByRole('status').filter({ hasText: 'A new version is available' })).toBeVisible({ timeout: 60_000 });
    // The new version is installed and waiting, and the next check comes and goes: still no reload on its own.
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    await page.waitForResponse((answer) => answer.url().endsWith('/builds/latest.json'), { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(name).toHaveValue('Ada, not yet sent');

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument ?? false)).toBe(false);
    await page.goto('/healthcheck');
    await expect(page.getByTestId('build-id')).toHaveText('second-build');
  } finally {
    await context.close();
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
