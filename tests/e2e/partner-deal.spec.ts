/**
 * A partner deal in Chromium (issue 22): a listing site's key sends a deal through the partner
 * API, and the buyer it names reads where it was listed and the partner's terms on their
 * transaction, which under those terms (the buyer pays first) opens at the price breakdown. It
 * runs an API of its own (own-api.ts) so the key can be made without putting an admin in the
 * stack's pool group.
 */
import { unitOfWork } from '../../server/kernel/unit-of-work';
import { createPartnerKey } from '../../server/modules/partners/partner-keys';
import { createConfirmedUser } from '../support/identity-admin';
import { expect, keepScreenshot, test } from './fixtures';
import { poolOf, signInThroughForm, submitDetails, uniqueEmail } from './identity-helpers';
import { startOwnApi } from './own-api';
import { idTokenOf } from './transaction-helpers';

test('the buyer of a partner deal reads where it was listed and its terms, and starts where those terms say', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const own = await startOwnApi(baseURL!);
  const context = await browser.newContext({ baseURL: own.url });
  try {
    const terms = { source: 'auction-site', label: 'e2e auctions', buyerPaysFirst: true };
    const { key } = (await unitOfWork({ db: own.database.db }, {}, (uow) => createPartnerKey(uow.tx, null, terms))).result;
    const buyer = await createConfirmedUser(await poolOf(request), uniqueEmail('buyer'));
    const made = await own.call('POST', '/api/partner/deals', `Bearer ${key}`, {
      idempotencyKey: `auction-${Date.now()}`,
      partnerUid: 'AU-77',
      vehicle: { vin: '1G4AH59H45G118341', mileage: 84_000 },
      sellerEmail: uniqueEmail('seller'),
      buyerEmail: buyer.email,
      priceDollars: 18_500,
    });
    expect(made.statusCode).toBe(201);
    await own.call('POST', '/api/offers/link-account', `Bearer ${await idTokenOf(request, buyer)}`);

    await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: own.url }]);
    const page = await context.newPage();
    await page.goto('/sign-in?returnTo=%2Fdashboard%2Factive-transactions');
    await signInThroughForm(page, buyer.email, buyer.password);
    await submitDetails(page, { firstName: 'Robin', lastName: 'Okafor', mobile: '4155550199' });
    await page.getByRole('link', { name: 'Skip for now' }).click();
    await page.goto('/dashboard/active-transactions');
    await page.getByRole('link', { name: 'Continue 2005 Buick' }).click();
    // The auction site's terms have its buyers pay first: the buyer starts at the price breakdown.
    await expect(page.getByRole('heading', { name: 'Review your price breakdown' })).toBeVisible();
    await expect(page.getByText('Listed on the auction site · their reference AU-77 · the buyer pays first, then signs')).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, `partner-deal-${width}.png`);
    }
  } finally {
    await context.close();
    await own.close();
  }
});
