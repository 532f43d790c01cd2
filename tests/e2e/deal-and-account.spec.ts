/**
 * What a new user met and should not: a deal with no way into its transaction, a not-found screen
 * that prints the query string or calls a bad deal id a fatal error, account pages without the
 * dashboard navigation, and a plan comparison that says Plus does not cover the engine.
 */
import type { Page } from '@playwright/test';
import { createConfirmedUser } from '../support/identity-admin';
import { expect, test } from './fixtures';
import { poolOf, signInThroughForm, signedInUser, submitDetails, uniqueEmail } from './identity-helpers';
import { actThroughApi, buyerWithDeal, identityDoneThroughApi, idTokenOf } from './transaction-helpers';

test('both parties go from "You made a deal" into their own transaction', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(90_000);
  const buyer = await signedInUser(page, request, '/dashboard');
  const seller = await createConfirmedUser(await poolOf(request), uniqueEmail('seller'));
  const offered = await request.post('/api/offers', {
    headers: { authorization: `Bearer ${await idTokenOf(request, seller)}` },
    data: { vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 }, amount: 9000, role: 'seller', counterpartyEmail: buyer.email },
  });
  expect(offered.ok()).toBe(true);
  await page.goto('/dashboard/caramel-offers');
  await page.getByRole('button', { name: 'Accept $9,000' }).click();
  await expect(page.getByRole('heading', { name: 'You made a deal' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to your transaction' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();

  const sellerContext = await browser.newContext({ baseURL });
  await sellerContext.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL! }]);
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/sign-in?returnTo=%2Fdashboard%2Fcaramel-offers');
  await signInThroughForm(sellerPage, seller.email, seller.password);
  await submitDetails(sellerPage, { firstName: 'Sam', lastName: 'Seller', mobile: '4155550123' });
  await sellerPage.getByRole('link', { name: 'Skip for now' }).click();
  await sellerPage.getByRole('link', { name: /Go to your deal/ }).click();
  await expect(sellerPage.getByRole('heading', { name: 'You made a deal' })).toBeVisible();
  await sellerPage.getByRole('link', { name: 'Continue to your transaction' }).click();
  await expect(sellerPage).toHaveURL(/\/transaction\/identity\?transaction=/);
  expect(new URL(sellerPage.url()).searchParams.get('transaction')).not.toBe(new URL(page.url()).searchParams.get('transaction'));
  await sellerContext.close();
});

async function consoleErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('not-found shows the path without its query, and a bad deal id is not found rather than fatal', async ({ page, request }) => {
  await page.goto('/no-such-page?transaction=secret-token');
  await expect(page.getByTestId('not-found-message')).toHaveText('Page Not Found: /no-such-page');
  await signedInUser(page, request, '/dashboard');
  const errors = await consoleErrors(page);
  await page.goto('/deal/x/seller');
  await expect(page.getByTestId('not-found-message')).toHaveText('Page Not Found: /deal/x/seller');
  await page.goto('/deal/6f1c8a52-0000-4000-8000-000000000000/seller');
  await expect(page.getByTestId('not-found-message')).toBeVisible();
  expect(errors.filter((text) => text.includes('Fatal app error'))).toEqual([]);
});

test('account and bank accounts sit in the dashboard, with its navigation', async ({ page, request }) => {
  await signedInUser(page, request, '/account');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Account', exact: true })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Bank accounts' }).click();
  await expect(page).toHaveURL(/\/link-account$/);
  await expect(nav.getByRole('link', { name: 'Offers' })).toBeVisible();
});

test('the plan comparison reads each plan’s whole coverage', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  await identityDoneThroughApi(request, bearer, transactionId);
  await actThroughApi(request, bearer, transactionId, 'finance skipped');
  await page.goto(`/transaction/protection/caramel-care?transaction=${transactionId}`);
  const table = page.getByRole('table', { name: 'What each plan covers' });
  for (const part of ['Engine', 'Transmission']) {
    await expect(table.getByRole('row', { name: new RegExp(`^${part}`) }).getByRole('cell')).toHaveText(['Yes', 'Yes', 'Yes']);
  }
  await expect(table.getByRole('row', { name: /^Air conditioning/ }).getByRole('cell')).toHaveText(['—', 'Yes', 'Yes']);
  await expect(table.getByText(/Everything in/)).toHaveCount(0);
});
