/**
 * Live progress between the two parties (DESIGN.md §11), in two browser contexts on the real
 * stack: the seller's open deal page and the buyer's dashboard follow the other party's moves
 * without a reload, and a tab that was offline catches up with what it missed when it is back.
 * How fast is measured by `npm run bench:live`, not here.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInThroughForm, submitDetails } from './identity-helpers';
import { actThroughApi, buyerWithDeal, identityDoneThroughApi, idTokenOf, verifiedThroughApi } from './transaction-helpers';

// Goes offline: its pages come from the service worker, as in an installed app.
test.use({ serviceWorkers: 'allow' });

const HOME = { line1: '12 Elm St', city: 'Salem', state: 'OR', postalCode: '97301' };

/** `who` signed in, in a browser context of their own, on `path`. */
async function inOwnContext(browser: Browser, baseURL: string, who: { email: string; password: string }, path: string) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL }]);
  const page = await context.newPage();
  await page.goto(`/sign-in?returnTo=${encodeURIComponent(path)}`);
  await signInThroughForm(page, who.email, who.password);
  await submitDetails(page, { firstName: 'Sam', lastName: 'Seller', mobile: '4155550123' });
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return { context, page };
}

/** The seller's identity step done through the API, as their phone would do it: verified, their address and the pickup, the reports read. */
async function sellerIdentityDone(request: APIRequestContext, bearer: string, transactionId: string) {
  await verifiedThroughApi(request, bearer, transactionId);
  await actThroughApi(request, bearer, transactionId, 'address submitted', HOME);
  await actThroughApi(request, bearer, transactionId, 'identity done', { pickupAddress: HOME });
  await actThroughApi(request, bearer, transactionId, 'reports reviewed');
}

/** Marks the page's window, so a later check can tell it was never reloaded. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { keptSinceMark: true }));
const stillSameWindow = (page: Page) => page.evaluate(() => 'keptSinceMark' in window);

test('each party’s open screen follows the other’s moves without a reload, and catches up after being offline', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const { seller, transactionId: buyerTx, bearer: buyerBearer } = await buyerWithDeal(page, request);
  const detail = await (await request.get(`/api/transactions/${buyerTx}`, { headers: { authorization: buyerBearer } })).json();
  const sellerBearer = `Bearer ${await idTokenOf(request, seller)}`;
  const sellerTx = (await (await request.get('/api/transactions', { headers: { authorization: sellerBearer } })).json()).active[0].id;

  const { context: sellerContext, page: sellerPage } = await inOwnContext(browser, baseURL!, seller, `/deal/${detail.dealId}/seller`);
  const buyerProgress = sellerPage.getByRole('region', { name: 'Robin, your buyer' }).getByRole('status');
  await expect(buyerProgress).toHaveText('Your buyer is verifying their identity.');
  await page.goto('/dashboard/overview');
  await expect(page.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
  await Promise.all([markWindow(page), markWindow(sellerPage)]);

  // The seller's move reaches the buyer's dashboard: an update in the overview.
  await sellerIdentityDone(request, sellerBearer, sellerTx);
  await expect(page.getByRole('link', { name: 'Your seller has verified their identity' })).toBeVisible();

  // The buyer's move reaches the seller's open deal page, in words and in the buyer's steps.
  await identityDoneThroughApi(request, buyerBearer, buyerTx);
  await expect(buyerProgress).toHaveText('Your buyer has verified their identity and is choosing how to pay.');
  await expect(sellerPage.getByRole('navigation', { name: 'Your buyer’s progress' }).getByRole('listitem').first()).toContainText(
    'Identity, completed',
  );

  // Offline, the seller's tab misses the buyer's next move; back online, it appears.
  await sellerContext.setOffline(true);
  await actThroughApi(request, buyerBearer, buyerTx, 'finance skipped');
  await expect(buyerProgress).toHaveText('Your buyer has verified their identity and is choosing how to pay.');
  await sellerContext.setOffline(false);
  await expect(buyerProgress).toHaveText('Your buyer has settled how they pay and is choosing protection.');

  expect(await stillSameWindow(page)).toBe(true);
  expect(await stillSameWindow(sellerPage)).toBe(true);
  await sellerContext.close();
});
