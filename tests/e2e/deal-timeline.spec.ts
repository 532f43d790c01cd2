/**
 * The deal's timeline as a party reads it in Chromium: reached from the transaction and from the
 * dashboard, both sides' steps in the reader's words, a PDF download; after one visit it reads
 * offline from IndexedDB with its age. Screenshots at a phone's and a desktop's width.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createConfirmedUser } from '../support/identity-admin';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, keepScreenshot, test, readyOffline } from './fixtures';
import { poolOf, signedInUser, uniqueEmail } from './identity-helpers';
import { actThroughApi, identityDoneThroughApi, idTokenOf, verifiedThroughApi } from './transaction-helpers';

// Goes offline: its pages come from the service worker, as in an installed app.
test.use({ serviceWorkers: 'allow' });

test('a party reads the deal timeline, downloads it as a PDF, and reads it offline with its age', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const buyer = await signedInUser(page, request, '/dashboard');
  const seller = await createConfirmedUser(await poolOf(request), uniqueEmail('seller'));
  const sellerBearer = `Bearer ${await idTokenOf(request, seller)}`;
  await request.patch('/api/users/profile', {
    headers: { authorization: sellerBearer },
    data: { firstName: 'Sam', lastName: 'Quillfeather', mobile: '+15035550101' },
  });
  const sale = await (
    await request.post('/api/offers', {
      headers: { authorization: sellerBearer },
      data: { vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 }, amount: 20000, role: 'seller', counterpartyEmail: buyer.email },
    })
  ).json();
  const buyerBearer = `Bearer ${await idTokenOf(request, buyer)}`;
  const accepted = await request.post(`/api/offers/${sale.id}/actions`, {
    headers: { authorization: buyerBearer },
    data: { action: 'accept', latestOfferId: sale.latestOffer.id, idempotencyKey: randomUUID() },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const idOf = async (bearer: string) =>
    (await (await request.get('/api/transactions', { headers: { authorization: bearer } })).json()).active[0].id as string;
  const [buyerTx, sellerTx] = [await idOf(buyerBearer), await idOf(sellerBearer)];
  // Each side's identity step, through the API as their other devices would.
  const home = { line1: '12 Elm St', city: 'Portland', state: 'OR', postalCode: '97201' };
  await verifiedThroughApi(request, sellerBearer, sellerTx);
  await actThroughApi(request, sellerBearer, sellerTx, 'address submitted', home);
  await actThroughApi(request, sellerBearer, sellerTx, 'identity done', { pickupAddress: home });
  await identityDoneThroughApi(request, buyerBearer, buyerTx);
  await actThroughApi(request, buyerBearer, buyerTx, 'finance skipped');

  // From the transaction…
  await page.goto(`/transaction?transaction=${buyerTx}`);
  await page.getByRole('link', { name: 'Timeline', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/active-transactions/timeline/${buyerTx}$`));
  await expect(page.getByRole('heading', { name: 'Timeline of the sale', level: 1 })).toBeVisible();
  const timeline = page.getByRole('main');
  await expect(timeline.getByText('Sam (seller) finished the identity step.')).toBeVisible();
  await expect(timeline.getByText('The ID verification service verified Sam’s identity.')).toBeVisible();
  await expect(timeline.getByText('You chose to pay without a loan.')).toBeVisible();
  await expect(timeline.getByRole('listitem').first()).toContainText(
    'Caramel opened the sale of the 2005 Buick for $20,000 between Sam (seller) and you.',
  );
  await expect(timeline.getByText('The sale’s documents are made once both of you have paid')).toBeVisible();
  // … and from the dashboard's card.
  await page.goto('/dashboard/active-transactions');
  await page.getByRole('link', { name: 'Timeline of the 2005 Buick' }).click();
  await expect(timeline.getByText('Sam (seller) finished the identity step.')).toBeVisible();

  await expectNoSeriousAxeViolations(page);
  await keepScreenshot(page, 'timeline-1280.png');
  await page.setViewportSize({ width: 375, height: 812 });
  await keepScreenshot(page, 'timeline-375.png');
  // Nothing is wider than a phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^caramel-timeline-[0-9a-f]{8}\.pdf$/);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  await readyOffline(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/Offline · showing what was saved (just now|\d+ minutes? ago)/)).toBeVisible();
  await expect(timeline.getByText('Sam (seller) finished the identity step.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download as PDF' })).toBeDisabled();
  await keepScreenshot(page, 'timeline-offline-375.png');
});
