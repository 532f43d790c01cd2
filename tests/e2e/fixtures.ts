import { test as base, expect } from '@playwright/test';

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
