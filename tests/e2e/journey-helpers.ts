/**
 * What the journey tests share: a new person signing up through the form (the code read from the
 * local mailbox, as docs/running-locally.md says), a numbered screenshot of every step, and a record of how long
 * each party waited on the product after a move — written beside the screenshots, and printed.
 */
import { writeFileSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { noteWhatFailingPagesShow } from './failure-digest';
import { expect } from './fixtures';
import { codeSentTo, enterCode, submitDetails, uniqueEmail } from './identity-helpers';

export const PASSWORD = 'Sunny!Road42';

const opened: BrowserContext[] = [];

/** A browser of a party's own at a width, already past the tracking choice; closed by closeOwnBrowsers after the test. */
export async function ownBrowser(browser: Browser, baseURL: string, width: 375 | 1280) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width === 375 ? 800 : 900 } });
  opened.push(context);
  await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL }]);
  return context.newPage();
}

/**
 * After each journey (passed or not): a party's page left open keeps following its sale, and the CPU, into the next test.
 * After a failure, what each party's page showed is noted first (failure-digest.ts).
 */
export async function closeOwnBrowsers({}, info: TestInfo) {
  await noteWhatFailingPagesShow(
    info,
    opened.flatMap((context) => context.pages()),
  );
  await Promise.all(opened.splice(0).map((context) => context.close()));
}

/** A new account made on /sign-up as a person does it: e-mail, password, terms, the mailed code, name and mobile (its check skipped). */
export async function signUp(page: Page, request: APIRequestContext, label: string, name: [string, string], email = uniqueEmail(label)) {
  await page.goto('/sign-up');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check();
  const sentAfter = new Date().toISOString();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  await enterCode(page, await codeSentTo(request, email, sentAfter));
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  await submitDetails(page, { firstName: name[0], lastName: name[1], mobile: '4155550142' });
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Welcome( back)?, ${name[0]}$`) })).toBeVisible();
  return { email, password: PASSWORD, name };
}

type Wait = { party: string; what: string; ms: number; sandbox: boolean };

/**
 * One journey's record: `shot` saves a numbered full-page screenshot; `waitsFor` waits for what a
 * move leads to and counts the time as waiting on the product (or, marked `sandbox`, on a
 * sandbox's documented delay); `followsWithin5s` checks the other party's open screen caught up
 * by itself within 5 s.
 */
export class Journey {
  private count = 0;
  private readonly waits: Wait[] = [];

  constructor(
    private readonly info: TestInfo,
    readonly name: string,
  ) {}

  async shot(page: Page, party: string, step: string) {
    const file = `${String(++this.count).padStart(2, '0')}-${party}-${step.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`;
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: this.info.outputPath(file), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${party} · ${step}: the page is wider than the screen`).toBe(0);
  }

  /** Checks `inner` is drawn wholly inside `outer` (nothing runs out of its card). */
  async fitsIn(inner: Locator, outer: Locator) {
    const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
    expect(a && b && a.x >= b.x && a.x + a.width <= b.x + b.width, 'runs out of its box').toBe(true);
  }

  async waitsFor(party: string, what: Locator, label: string, options: { timeout?: number; sandbox?: boolean } = {}) {
    const started = Date.now();
    await expect(what).toBeVisible({ timeout: options.timeout ?? 30_000 });
    this.waits.push({ party, what: label, ms: Date.now() - started, sandbox: options.sandbox ?? false });
  }

  sandboxWait(party: string, what: string, ms: number) {
    this.waits.push({ party, what, ms, sandbox: true });
  }

  async followsWithin5s(party: string, what: Locator, label: string) {
    const started = Date.now();
    await expect(what, `${party}'s open screen did not follow by itself: ${label}`).toBeVisible({ timeout: 5_000 });
    this.waits.push({ party, what: `(live) ${label}`, ms: Date.now() - started, sandbox: false });
  }

  /** Writes the waits beside the screenshots and prints their sums. */
  report() {
    const sum = (waits: Wait[]) => waits.reduce((total, wait) => total + wait.ms, 0);
    const onProduct = this.waits.filter((wait) => !wait.sandbox && !wait.what.startsWith('(live)'));
    const summary = {
      journey: this.name,
      waitingOnProductMs: sum(onProduct),
      waitingOnSandboxesMs: sum(this.waits.filter((wait) => wait.sandbox)),
      slowest: [...onProduct].sort((a, b) => b.ms - a.ms).slice(0, 5),
      waits: this.waits,
    };
    writeFileSync(this.info.outputPath('waits.json'), JSON.stringify(summary, null, 2));
    console.log(
      `[journey] ${this.name}: ${(summary.waitingOnProductMs / 1000).toFixed(1)} s waiting on the product, ${(summary.waitingOnSandboxesMs / 1000).toFixed(1)} s on sandboxes`,
    );
    return summary;
  }
}
