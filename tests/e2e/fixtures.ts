import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test talks to the stack global-setup.ts started. The tracking choice is made up front
 * (accepted) so the consent banner does not cover the pages under test; consent.spec.ts
 * tests the banner itself in contexts without that cookie.
 */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL! }]);
    await use(context);
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
