import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { noteWhatFailingPagesShow } from './failure-digest';

/** What Chromium logs when the Content-Security-Policy or Permissions-Policy stops something. */
const POLICY_VIOLATION = /Content Security Policy|Permissions policy violation/i;

/**
 * Every test talks to the stack global-setup.ts started. The tracking choice is made up front
 * (accepted) so the consent banner does not cover the pages under test; consent.spec.ts
 * tests the banner itself in contexts without that cookie. Every test also fails if a page,
 * a frame or a worker broke the security headers' policies (DESIGN §12).
 */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  context: async ({ context, baseURL }, use, info) => {
    await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL! }]);
    const violations: string[] = [];
    context.on('console', (message) => {
      if (POLICY_VIOLATION.test(message.text())) violations.push(`${message.location().url}: ${message.text()}`);
    });
    await use(context);
    await noteWhatFailingPagesShow(info, context.pages());
    expect(violations, 'policy violations').toEqual([]);
  },
});

export { expect };

/** Where countPersistRequests keeps its count, on the page's window. */
type Counted = { persistRequests: number };

/**
 * Counts the page's requests to keep its storage (`navigator.storage.persist()`, which Chromium
 * answers silently); the count starts again with each page load.
 */
export async function countPersistRequests(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const storage = navigator.storage;
    const persist = storage.persist.bind(storage);
    const counted = window as unknown as Counted;
    counted.persistRequests = 0;
    storage.persist = () => {
      counted.persistRequests++;
      return persist();
    };
  });
  return () => page.evaluate(() => (window as unknown as Counted).persistRequests);
}

/**
 * Keeps a screenshot of what a person would see, for looking at (E2E_SCREENSHOTS=1); without it the
 * capture is skipped — a full-page capture costs Chromium about 0.4 s of CPU, and the suite is CPU-bound.
 */
export async function keepScreenshot(target: Page | Locator, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const path = test.info().outputPath(name);
  await ('goto' in target ? target.screenshot({ path, fullPage: true }) : target.screenshot({ path }));
}

/**
 * Waits for what a person sees before going offline: the header's "Ready to work offline" — the whole app is on this
 * device (a service worker active and its precache filled). Only then does every screen open with no connection.
 */
export async function readyOffline(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Ready to work offline' })).toBeAttached({ timeout: 30_000 });
}
