import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from '../support/chromium';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { PUBLIC_ROUTES } from './public-routes';

for (const path of PUBLIC_ROUTES) {
  test(`${path} has a title, a description, fits a phone and passes axe`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Caramel/);
    const descriptions = await page
      .locator('meta[name="description"]')
      .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')));
    expect(descriptions).toHaveLength(1);
    expect(descriptions[0]!.length).toBeGreaterThan(50);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await expectNoSeriousAxeViolations(page, path);
  });
}

test('help: searching narrows the questions and says how many match', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('button', { name: /./ }).filter({ hasText: '?' }).first()).toBeVisible();
  const total = await page.locator('.ui-accordion-item').count();
  expect(total).toBeGreaterThanOrEqual(15);
  await page.getByRole('searchbox', { name: 'Search questions' }).fill('lender payoff');
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(new RegExp(`of ${total} questions match`));
  await expect(page.getByRole('button', { name: 'I still owe money on my car. Can I sell it?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'What is a protection plan?' })).toBeHidden();
  // No external help centre is configured locally: this page is the help centre, and the old paths lead here.
  await expect(page.getByRole('link', { name: /help centre/ })).toHaveCount(0);
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  await page.goto('/help-centre');
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
});

test('an unknown article or policy shows the not-found screen', async ({ page }) => {
  await page.goto('/learn-more/no-such-guide');
  await expect(page.getByTestId('not-found-message')).toHaveText('Page Not Found: /learn-more/no-such-guide');
  await page.goto('/legal/no-such-policy');
  await expect(page.getByTestId('not-found-message')).toHaveText('Page Not Found: /legal/no-such-policy');
});

test('links inside content navigate within the app', async ({ page }) => {
  await page.goto('/about');
  // Before the app starts, the prerendered link is a plain link (a full page load, which also works).
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.getByRole('link', { name: 'help page' }).click();
  await expect(page).toHaveURL(/\/help$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});

test('a first visit to a policy takes its prerendered text over without downloading the Markdown renderer; the next policy loads it', async ({
  page,
}) => {
  const renderer: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/markdown-html-[\w-]+\.js$/.test(request.url())) renderer.push(request.url());
  });
  await page.goto('/legal/privacy-policy');
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  const sections = async () => ({
    toc: await page.getByRole('navigation', { name: 'On this page' }).getByRole('link').allTextContents(),
    headings: await page.locator('main .content h2').allTextContents(),
  });
  const privacy = await sections();
  expect(privacy.toc.length).toBeGreaterThan(2);
  expect(privacy.toc).toEqual(privacy.headings);
  expect(renderer).toEqual([]);

  await page.getByRole('link', { name: 'Terms of use' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  const terms = await sections();
  expect(terms.toc).toEqual(terms.headings);
  expect(terms.toc).not.toEqual(privacy.toc);
  expect(renderer).toHaveLength(1);
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  // Playwright gives this test's own browser the suite's context options too, so it needs the worker allowed as well.
  test('the app is installable: the manifest passes and Chromium reports no installability error', async ({
    baseURL,
    browserName,
  }, testInfo) => {
    // Installability is never reported for incognito contexts, so this one test uses a real profile: a browser of its
    // own to start — the whole browser a person installs from, not the suite's headless shell — and a service worker to
    // install first, which a loaded machine takes a while over.
    test.setTimeout(60_000);
    const profile = mkdtempSync(join(tmpdir(), 'caramel-profile-'));
    const launch = testInfo.project.use.launchOptions ?? {};
    const context = await chromium.launchPersistentContext(profile, { ...launch, executablePath: CHROMIUM_PATH, baseURL });
    try {
      expect(browserName).toBe('chromium');
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      const session = await context.newCDPSession(page);
      await expect
        .poll(
          async () => ((await session.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors,
          { timeout: 15_000 },
        )
        .toEqual([]);
      const manifest = await (await page.request.get('/manifest.webmanifest')).json();
      expect(manifest).toMatchObject({ id: '/', start_url: '/', scope: '/', display: 'standalone', short_name: 'Caramel' });
      expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      expect(manifest.screenshots.map((shot: { form_factor: string }) => shot.form_factor)).toEqual(['wide', 'narrow']);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('a first visit installs the service worker without the update machinery; a page the worker serves loads it', async ({ page }) => {
    const updater: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/(update-prompt|workbox-window)[\w.-]*\.js$/.test(request.url())) updater.push(request.url());
    });
    await page.goto('/how-it-works');
    await page.evaluate(() => navigator.serviceWorker.ready);
    expect(updater).toEqual([]);

    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect.poll(() => updater.length).toBe(2);
  });
});
