/**
 * A closed sale's detail and its tabs (SPEC §2.3) in Chromium. closing.spec.ts walks sales to
 * their close screen by screen; this one needs a closed sale with everything the tabs show — a
 * loan, a care plan and its terms, an insurance policy — so it runs an API of its own
 * (own-api.ts) on the stack's identity and sandboxes: the buyer walks to insurance through the
 * API, the rest of both sides' flows is written through the engine (tests/support/closing.ts),
 * and the buyer signs in in the browser.
 */
import { createConfirmedUser } from '../support/identity-admin';
import { buyerThroughInsurance, closeThroughEngine } from '../support/closing';
import { SALE } from '../support/deals';
import { expect, test } from './fixtures';
import { poolOf, signInThroughForm, submitDetails, uniqueEmail } from './identity-helpers';
import { startOwnApi } from './own-api';
import { idTokenOf } from './transaction-helpers';

// Goes offline: its pages come from the service worker, as in an installed app.
test.use({ serviceWorkers: 'allow' });

test('a buyer with a closed sale reads it in its tabs: overview, reports, financing, insurance, transport, care and its terms', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const own = await startOwnApi(baseURL!);
  const context = await browser.newContext({ baseURL: own.url });
  try {
    const pool = await poolOf(request);
    const seller = await createConfirmedUser(pool, uniqueEmail('seller'));
    const buyer = await createConfirmedUser(pool, uniqueEmail('buyer'));
    const sellerBearer = `Bearer ${await idTokenOf(request, seller)}`;
    const buyerBearer = `Bearer ${await idTokenOf(request, buyer)}`;
    const sale = (await own.call('POST', '/api/offers', sellerBearer, SALE)).json();
    const token = new URL(sale.shareUrl).searchParams.get('token');
    await own.call('POST', `/api/public/offer-links/${token}/actions`, undefined, {
      action: 'accept',
      email: buyer.email,
      latestOfferId: sale.latestOffer.id,
    });
    await own.call('POST', '/api/offers/link-account', buyerBearer);
    const buyerTx = (await own.call('GET', '/api/transactions', buyerBearer)).json().active[0].id as string;
    const sellerTx = (await own.call('GET', '/api/transactions', sellerBearer)).json().active[0].id as string;
    const uid = async (bearer: string) => (await own.call('GET', '/api/users/profile', bearer)).json().uid as string;
    const sandbox = (await (await request.get('/config.json')).json()).verificationWidget.host;
    await buyerThroughInsurance(own, sandbox, { bearer: buyerBearer }, buyerTx);
    await closeThroughEngine(own, buyerTx, await uid(buyerBearer));
    await closeThroughEngine(own, sellerTx, await uid(sellerBearer));
    const closed = (await own.call('GET', `/api/transactions/${buyerTx}`, buyerBearer)).json();
    const plan = closed.carePlans.find((candidate: { id: string }) => candidate.id === closed.data.protection.chosenPlanId).name as string;

    await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: own.url }]);
    const page = await context.newPage();
    await page.goto('/sign-in?returnTo=%2Fdashboard%2Fprevious-transactions');
    await signInThroughForm(page, buyer.email, buyer.password);
    await submitDetails(page, { firstName: 'Robin', lastName: 'Okafor', mobile: '4155550199' });
    await page.getByRole('link', { name: 'Skip for now' }).click();
    await page.getByRole('link', { name: /^View 2005 Buick/ }).click();

    await expect(page.getByRole('heading', { name: /^2005 Buick/, level: 1 })).toBeVisible();
    await expect(page.getByText(/^\$20,000 · you were the buyer · closed /)).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'This sale' });
    await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // How delivery ended, then the way to the timeline, which tells every step in words (not the events' names).
    await expect(page.getByRole('region', { name: 'Delivery confirmation' })).toContainText('You confirmed the car is as described');
    await expect(page.getByRole('heading', { name: 'What happened' })).toBeVisible();
    await expect(page.getByText('identity submitted')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'the sale’s timeline' })).toHaveAttribute(
      'href',
      /\/dashboard\/active-transactions\/timeline\//,
    );

    await tabs.getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Vehicle history' })).toBeVisible();
    await tabs.getByRole('link', { name: 'Financing' }).click();
    await expect(page.getByRole('heading', { name: 'Your loan' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'What you paid' })).toBeVisible();
    await tabs.getByRole('link', { name: 'Insurance' }).click();
    await expect(page.getByText('SBX-CLOSED-1')).toBeVisible();
    await tabs.getByRole('link', { name: 'Transport' }).click();
    await expect(page.getByRole('heading', { name: 'Transport', level: 2 })).toBeVisible();
    await tabs.getByRole('link', { name: 'Care' }).click();
    await expect(page.getByText(plan)).toBeVisible();
    await page.getByRole('link', { name: 'Terms and conditions' }).click();
    await expect(page.getByRole('heading', { name: `${plan}: terms and conditions` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Making a claim' })).toBeVisible();

    // Offline, the sale still reads: it was saved on this device.
    await context.setOffline(true);
    await tabs.getByRole('link', { name: 'Insurance' }).click();
    await expect(page.getByText('SBX-CLOSED-1')).toBeVisible();
  } finally {
    await context.close();
    await own.close();
  }
});
