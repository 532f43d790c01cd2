/**
 * The handover record (issue 34) between two people in their own browsers, the seller on a phone:
 * once both have signed, the seller records the odometer, the car's sides and the keys and title
 * on the delivery page; the buyer sees it (with each photo's fingerprint) and records theirs; both
 * records are in each party's timeline.
 */
import type { Page } from '@playwright/test';
import { HANDOVER_PHOTOS } from '../../src/domain/handover';
import { readyToSign, signs } from '../support/signing';
import { expect, test } from './fixtures';
import { buyerAndPhoneSeller, dealAtPayment } from './sale-helpers';
import { watchPositions } from './steady-screen';
import { fileOnDisk } from './upload-helpers';

const SLOT_LABELS: Record<string, string> = {
  'handover-odometer': 'Handover: odometer',
  'handover-front': 'Handover: front',
  'handover-back': 'Handover: back',
  'handover-driver-side': 'Handover: driver’s side',
  'handover-passenger-side': 'Handover: passenger’s side',
};

async function recordsHandover(page: Page, transactionId: string, who: string, odometer: string) {
  await page.goto(`/dashboard/active-transactions/track-delivery/${transactionId}`);
  const form = page.getByRole('form', { name: 'Record the handover' });
  for (const { slot } of HANDOVER_PHOTOS)
    await form
      .getByLabel(`${SLOT_LABELS[slot]}: choose files`)
      .setInputFiles(fileOnDisk(`${who}-${slot}.jpg`, Buffer.from(`\xff\xd8\xff\xe0 ${who} ${slot}`, 'latin1')));
  // Once the photos are chosen, the boxes below them hold still on screen while they upload (and the carrier's news
  // arrives above): a tick there lands.
  await expect(form.getByRole('status')).toHaveCount(HANDOVER_PHOTOS.length);
  await form.getByRole('checkbox', { name: 'The keys changed hands' }).scrollIntoViewIfNeeded();
  const positions = await watchPositions(page, 'form[aria-label="Record the handover"] label.checkbox', { within: 'screen' });
  await expect(form.getByRole('status').filter({ hasText: /^Uploaded/ })).toHaveCount(HANDOVER_PHOTOS.length);
  expect(Object.values(await positions()).map((tops) => tops.length)).toEqual([1, 1]);
  await form.getByRole('textbox', { name: 'Odometer reading (miles)' }).fill(odometer);
  await form.getByRole('checkbox', { name: 'The keys changed hands' }).check();
  await form.getByRole('checkbox', { name: 'The signed title changed hands' }).check();
  await form.getByRole('button', { name: 'Record the handover' }).click({ timeout: 30_000 });
  await expect(page.getByText(/^Your record ·/)).toBeVisible();
}

test('both parties record the handover on their phones; each sees the other’s, and the timeline keeps both', async ({
  page: buyerPage,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { buyer, seller, sellerPage } = await buyerAndPhoneSeller(buyerPage, { browser, request, baseURL: baseURL! });
  const { api, sandbox, ...deal } = await dealAtPayment(request, baseURL!, seller, buyer, { financed: false });
  await readyToSign(api, sandbox, deal);
  await signs(api, seller, deal.sellerTx);
  await signs(api, buyer, deal.buyerTx);

  await buyerPage.goto(`/dashboard/active-transactions/track-delivery/${deal.buyerTx}`);
  await expect(buyerPage.getByRole('form', { name: 'Record the handover' })).toBeVisible();
  await recordsHandover(sellerPage, deal.sellerTx, 'seller', '84,120');
  await expect(sellerPage.getByText('The odometer at 84,120 miles, 5 photos, the keys and the title handed over.')).toBeVisible();

  // The buyer's open page follows: Sam's record, its photos' fingerprints.
  await expect(buyerPage.getByText(/^Sam’s record ·/)).toBeVisible({ timeout: 15_000 });
  await buyerPage.getByText('The photos and their fingerprints (SHA-256)').click();
  await expect(buyerPage.getByText(/seller-handover-odometer\.jpg: [0-9a-f]{64}/)).toBeVisible();
  await recordsHandover(buyerPage, deal.buyerTx, 'buyer', '84121');
  await expect(sellerPage.getByText(/^Robin’s record ·/)).toBeVisible({ timeout: 15_000 });

  await sellerPage.goto(`/dashboard/active-transactions/timeline/${deal.sellerTx}`);
  await expect(
    sellerPage.getByText('You recorded the handover: the odometer at 84,120 miles, 5 photos, the keys and the title handed over.'),
  ).toBeVisible();
  await expect(sellerPage.getByText(/Robin \(buyer\) recorded the handover: the odometer at 84,121 miles/)).toBeVisible();
  await sellerPage.context().close();
});
