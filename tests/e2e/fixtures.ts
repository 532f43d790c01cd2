import { test as base, expect } from '@playwright/test';

/** Every test talks to the stack global-setup.ts started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };
