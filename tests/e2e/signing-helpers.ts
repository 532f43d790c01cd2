/** Signing in Chromium as a party does it: the government-ID check in the widget, then the e-signature service's page. */
import type { Page, Route } from '@playwright/test';
import { expect } from './fixtures';
import { verifyInWidget } from './transaction-helpers';

/** The government-ID check in the widget's government-ID flow, answered as `outcome`. */
export const checksId = (page: Page, outcome: string) => verifyInWidget(page, outcome, 'Check my ID');

/** Signs on the e-signature service's page and comes back to the app. */
export async function signOnProvidersPage(page: Page, other: 'buyer' | 'seller', share: boolean) {
  await expect(page.getByRole('heading', { name: 'Sign your documents' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'I agree to sign these documents electronically' }).check();
  const sharing = page.getByRole('checkbox', { name: `Share my e-mail and phone number with the ${other} once we have both signed` });
  if (share) await sharing.check();
  else await sharing.uncheck();
  await page.getByRole('button', { name: 'Review and sign' }).click();
  // The first to sign waits while the documents are made (six PDFs): seconds, more on a busy machine.
  await expect(page.getByRole('heading', { name: 'Review and sign' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('link', { name: /Bill of sale/ })).toBeVisible();
  await page.getByRole('checkbox', { name: /I have read the documents/ }).check();
  await page.getByRole('button', { name: 'Finish signing' }).click();
}

/**
 * A slow connection as the party comes back from signing: the app's second dashboard read on the page the signing
 * service sends them back to (the navigation that takes `event` out of the address) gets no answer until `release`.
 * That navigation is then still under way when the sale moves on and the app takes the party to the next screen.
 */
export async function slowsTheReturn(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let reads = 0;
  await page.route('**/api/dashboard', async (route) => {
    const returning = new URL(route.request().frame().url()).searchParams.has('event');
    if (returning && ++reads === 2) held.push(route);
    else await route.continue();
  });
  return {
    release: async () => {
      await Promise.all(held.map((route) => route.continue()));
      await page.unrouteAll();
    },
  };
}
