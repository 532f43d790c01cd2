/**
 * The dashboard's paths (issue 21) on the real stack: a new user's welcome and every page of
 * theirs renders a real screen (no not-found, no serious axe violation); the pages about one
 * deal or transaction show it to a party and refuse anyone else (guards deal, offer, transaction).
 */
import type { Browser } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { firstSignIn, signedInUser } from './identity-helpers';
import { buyerWithDeal } from './transaction-helpers';

test('a new user sees the welcome with the two ways to start, and each dashboard page', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signedInUser(page, request, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Make an offer to buy' })).toHaveAttribute('href', '/transaction/information/create');
  await expect(page.getByRole('link', { name: 'Start a sale' })).toHaveAttribute('href', '/start-sale');
  await expectNoSeriousAxeViolations(page);

  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const pages = [
    ['Overview', 'Overview', 'Nothing needs you right now.'],
    ['New transaction', 'Start a new transaction', 'Are you buying or selling?'],
    ['Caramel code', 'Your Caramel code', 'No one has used your code yet.'],
    ['Active transactions', 'Active transactions', 'No transactions in progress.'],
    ['Previous transactions', 'Previous transactions', 'No completed transactions yet.'],
  ] as const;
  for (const [link, heading, text] of pages) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    await expect(nav.getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousAxeViolations(page);
  }
  await nav.getByRole('link', { name: 'Caramel code' }).click();
  await expect(page.getByLabel(/^Your code: ([0-9A-Z] ){7}[0-9A-Z]$/)).toBeVisible();
});

async function strangerPage(browser: Browser, baseURL: string, request: Parameters<typeof firstSignIn>[1]) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/sign-in?returnTo=%2Fdashboard');
  await firstSignIn(page, request);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

test('pages about one deal or transaction show it to its party and refuse anyone else', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  const detail = await (await request.get(`/api/transactions/${transactionId}`, { headers: { authorization: bearer } })).json();
  const offers = await (await request.get('/api/offers', { headers: { authorization: bearer } })).json();
  const offerId = offers.closed[0].id as string;

  // The buyer: the documents and delivery pages and the sale's detail are theirs; the seller's deal page sends them to their own side.
  const documents = [
    [`/dashboard/active-transactions/upload-docs/${transactionId}`, 'Upload documents'],
    [`/dashboard/active-transactions/view-docs/${transactionId}`, 'Your documents'],
    [`/dashboard/active-transactions/view-docs/find-out-why/${transactionId}`, 'Why we need another photo'],
    [`/dashboard/active-transactions/track-delivery/${transactionId}`, 'Your delivery'],
  ] as const;
  for (const [path, heading] of documents) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  await page.goto(`/dashboard/previous-transactions/detail?transaction=${transactionId}`);
  await expect(page.getByRole('heading', { name: /^2005 Buick/, level: 1 })).toBeVisible();
  await expect(page.getByText('$20,000 · you were the buyer · not closed yet')).toBeVisible();
  await page.goto(`/transaction/offer/success?deal=${detail.dealId}`);
  await expect(page.getByRole('heading', { name: 'You made a deal' })).toBeVisible();
  await page.goto(`/deal/${detail.dealId}/seller`);
  await expect(page).toHaveURL(new RegExp(`/transaction/identity\\?transaction=${transactionId}`));

  // Someone else: each is refused, as not found or back to their own list, told why.
  const { context, page: stranger } = await strangerPage(browser, baseURL!, request);
  for (const [path] of documents) {
    await stranger.goto(path);
    await expect(stranger).toHaveURL(/\/dashboard\/active-transactions\?missing=/);
    await expect(stranger.getByText('That transaction was not found, or it is not yours.')).toBeVisible();
  }
  await stranger.goto(`/dashboard/previous-transactions/detail?transaction=${transactionId}`);
  await expect(stranger).toHaveURL(/\/dashboard\/previous-transactions\?missing=/);
  for (const path of [`/deal/${detail.dealId}/seller`, `/dashboard/caramel-offers/success?deal=${detail.dealId}`]) {
    await stranger.goto(path);
    await expect(stranger.getByTestId('not-found-message')).toBeVisible();
  }
  await stranger.goto(`/transaction/information?offer=${offerId}`);
  await expect(stranger).toHaveURL(/\/dashboard\/caramel-offers\?missing=offer/);
  await expect(stranger.getByText('That offer was not found, or it is not yours.')).toBeVisible();
  await context.close();
});
