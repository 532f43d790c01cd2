/** Signing in Chromium as a party does it: the government-ID check in the widget, then the e-signature service's page. */
import type { Page } from '@playwright/test';
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
