/**
 * The seller's checkout in real Chromium against the real stack and the provider sandboxes: with a
 * lien on a phone (identity through the widget, the reports, the lender and its payoff quote, the
 * VIN plate and odometer, the title desk's approval by webhook, the payout); without a lien on a
 * desktop (the title through the uploader, an upload that goes offline and carries on, another
 * photo asked for and sent, approval); and a paused vehicle check lifted by the agent authorisation.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { draftHolds } from './device-records';
import { expect, keepScreenshot, test, readyOffline } from './fixtures';
import { watchPositions } from './steady-screen';
import { fillAddress, paidAndSignedThroughApi, photo, sellerWithDeal, verifyInWidget } from './transaction-helpers';

// Goes offline: its pages come from the service worker, as in an installed app.
test.use({ serviceWorkers: 'allow' });

/** Widget, address, pickup at home, reports read: the seller is at the title step. */
async function identityAndReports(page: Page) {
  await verifyInWidget(page, 'Approve verification');
  await expect(page.getByRole('heading', { name: 'Enter your home address' })).toBeVisible();
  await fillAddress(page, { line1: '12 Elm St', city: 'Portland', state: 'OR', postalCode: '97201' });
  await page.getByRole('button', { name: 'Confirm address' }).click();
  await expect(page.getByRole('heading', { name: 'Where is the car?' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish identity step' }).click();
  const reports = page.getByRole('region', { name: "Your vehicle's reports" });
  await expect(reports.getByRole('heading', { name: "Your vehicle's reports" })).toBeVisible();
  await expect(reports.getByText('Clean: no brands on record')).toBeVisible();
  await expect(reports.getByRole('table', { name: 'Odometer readings on record' })).toContainText('81,500 miles');
  await page.getByRole('button', { name: 'Continue to title' }).click();
  await expect(page.getByRole('heading', { name: 'Your title' })).toBeVisible();
}

async function vehiclePhotos(page: Page, vinPlate: string, reading: string) {
  await expect(page.getByRole('heading', { name: 'The VIN plate and the odometer' })).toBeVisible();
  await page.getByLabel('VIN plate photo: choose files').setInputFiles(photo(vinPlate));
  await page.getByLabel('Odometer photo: choose files').setInputFiles(photo('odometer.jpg'));
  const readingField = page.getByRole('textbox', { name: 'Odometer reading (miles)' });
  await readingField.fill(reading);
  // The reading is kept on the device until sent: a reload brings it back.
  await draftHolds(page, reading);
  await page.reload();
  await expect(readingField).toHaveValue(reading);
  await expect(page.getByRole('button', { name: 'Send for review' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send for review' }).click();
}

/**
 * The self-inspection after payment and signature: a photo of each part on the checklist (a file
 * named with "scratch" is wear to the sandbox inspection service), a dent pointed out with a
 * note; then the report, "Done", and the step read-only.
 */
async function selfInspection(page: Page, transactionId: string, width: number) {
  await page.goto(`/transaction/inspection?transaction=${transactionId}`);
  await expect(page.getByRole('heading', { name: 'Inspect your car (optional)' })).toBeVisible();
  const count = page.getByRole('status').filter({ hasText: 'photos done' });
  await expect(count).toHaveText('0 of 7 photos done');
  await expect(page.getByRole('button', { name: 'Send for the report' })).toBeDisabled();
  const shots = { front: 'front.jpg', back: 'back-scratch.jpg', 'driver side': 'driver.jpg', 'passenger side': 'passenger.jpg' };
  for (const [area, file] of Object.entries({ ...shots, interior: 'interior.jpg', odometer: 'odometer.jpg', tyres: 'tyre.jpg' }))
    await page.getByLabel(`Inspection: ${area}: choose files`).setInputFiles(photo(file));
  await expect(count).toHaveText('7 of 7 photos done', { timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Checklist' })).toContainText('Tyres: done');
  await page.getByLabel('Damage photos: choose files').setInputFiles(photo('door-dent.jpg'));
  const note = page.getByRole('textbox', { name: 'What is in door-dent.jpg?' });
  await note.fill('A dent in the driver door');
  // The note is kept on the device until sent: a reload brings it back.
  await draftHolds(page, 'A dent in the driver door');
  await page.reload();
  await expect(note).toHaveValue('A dent in the driver door');
  await keepScreenshot(page, `self-inspection-${width}.png`);
  await expectNoSeriousAxeViolations(page, 'self-inspection');
  const positions = await watchPositions(page, 'main button');
  await page.getByRole('button', { name: 'Send for the report' }).click();

  // The inspection service answers by webhook; the screen follows by itself.
  await expect(page.getByRole('heading', { name: 'Your inspection is ready' })).toBeVisible({ timeout: 20_000 });
  const report = page.getByRole('region', { name: 'Inspection report' });
  await expect(report).toContainText('1 item needs attention; everything else is in order.');
  await expect(report).toContainText('A dent in the driver door');
  await expect(report).toContainText('Light scratches, normal for the age.');
  // Each finding beside the photo it is about, read back from storage.
  const backPhoto = report.getByRole('img', { name: 'Your photo: Back' });
  await expect(backPhoto).toBeVisible();
  await expect.poll(() => backPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(4);
  await expect(report.getByRole('img')).toHaveCount(8);
  // "Done" stayed where it was drawn while the photos came in: arriving one by one, they had moved it as it was pressed.
  expect((await positions()).Done).toHaveLength(1);
  await keepScreenshot(page, `inspection-report-${width}.png`);
  await expectNoSeriousAxeViolations(page, 'inspection report');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { name: 'Your steps are done' })).toBeVisible();
  await expect(page.getByText('Not confirmed yet.')).toHaveCount(0);

  // Read-only afterwards: the report as given, no way to send photos again.
  await page.goto(`/transaction/inspection?transaction=${transactionId}`);
  await expect(page.getByRole('heading', { name: 'Your steps are done' })).toBeVisible();
  const given = page.getByRole('region', { name: 'Inspection report' });
  await expect(given).toContainText('A dent in the driver door');
  await expect(given.getByRole('img', { name: 'Your photo: Damage you pointed out' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send for the report' })).toHaveCount(0);
  await keepScreenshot(page, `inspection-done-${width}.png`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

const progress = (page: Page) => page.getByRole('navigation', { name: 'Transaction progress' });

test('a seller with a loan on the car, on a phone: identity, reports, lender and payoff, approval and payout, then the inspection', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const { transactionId, bearer, buyer } = await sellerWithDeal(page, request);
  await identityAndReports(page);
  await expectNoSeriousAxeViolations(page, 'title start');

  await page.getByRole('button', { name: 'Yes, there is a loan or lease' }).click();
  await page.getByRole('searchbox', { name: 'Search lenders' }).fill('harbor');
  await page.getByRole('radio', { name: /Harbor Credit Union/ }).check();
  await page.getByRole('textbox', { name: 'Loan account number' }).fill('AC-4417-2210');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Next: the payoff' }).click();
  await expect(page.getByText('account •••• 2210')).toBeVisible();
  await page.getByRole('button', { name: 'Ask Harbor Credit Union for a payoff quote' }).click();
  await expect(page.getByText('A quote from Harbor Credit Union')).toBeVisible();
  await page.getByRole('button', { name: 'Send lender details' }).click();

  await vehiclePhotos(page, 'vin-plate.jpg', '84,100');
  await expect(page.getByRole('heading', { name: 'Our title desk is checking your documents' })).toBeVisible();
  // The title desk answers by webhook; the screen follows by itself.
  await expect(page.getByRole('heading', { name: 'Your payout' })).toBeVisible({ timeout: 20_000 });
  const payout = page.getByRole('table', { name: 'What you are paid' });
  await expect(payout).toContainText('Loan payoff to Harbor Credit Union');
  await expect(payout).toContainText('Caramel seller fee');
  await expect(payout).toContainText('Because there is a loan on the car to pay off');
  await expectNoSeriousAxeViolations(page, 'payout');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  await expect(progress(page)).toContainText('Step 3 of 5 · Payment');

  await paidAndSignedThroughApi(request, { bearer }, transactionId, buyer);
  await selfInspection(page, transactionId, 375);
  // Every step of the seller's now opens read-only, with what was given.
  for (const [step, heading, given] of [
    ['identity', 'Identity verified', 'Car picked up at'],
    ['title', 'Title approved', 'Harbor Credit Union, account •••• 2210'],
    ['payment', 'Payout account chosen', 'Paid into'],
    ['signature', 'Your documents', 'The buyer signed'],
  ]) {
    await page.goto(`/transaction/${step}?transaction=${transactionId}`);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText(given!, { exact: false }).first()).toBeVisible();
  }
});

test('a seller without a loan, on a desktop: title photos through the uploader (one resumed after going offline), another photo asked for and sent, approval, then the inspection', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { transactionId, bearer, buyer } = await sellerWithDeal(page, request);
  await identityAndReports(page);
  await page.getByRole('button', { name: 'No, I own it outright' }).click();
  await expect(page.getByRole('heading', { name: 'Photos of your title' })).toBeVisible();
  await page.getByLabel('Front of the title: choose files').setInputFiles(photo('title-front-blurry.jpg'));
  await expect(page.getByRole('listitem', { name: 'title-front-blurry.jpg' }).getByText('Uploaded')).toBeVisible();

  // Offline as the back is chosen: it waits, and a reload comes back to the photos and the answer given (not to the loan
  // question, answered already); it carries on by itself when the connection returns.
  await page.getByRole('radio', { name: 'Yes' }).check();
  await draftHolds(page, 'yes');
  await readyOffline(page);
  await context.setOffline(true);
  await page.getByLabel('Back of the title: choose files').setInputFiles(photo('title-back.jpg'));
  await expect(page.getByRole('listitem', { name: 'title-back.jpg' }).getByText(/Waiting for the connection/)).toBeVisible({
    timeout: 20_000,
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Photos of your title' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'title-back.jpg' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await context.setOffline(false);
  await expect(page.getByRole('listitem', { name: 'title-back.jpg' }).getByText('Uploaded')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Send the title photos' }).click();
  await vehiclePhotos(page, 'vin-plate.jpg', '84100');

  // The title desk could not read the front: the reason, and a way to send another.
  await expect(page.getByRole('heading', { name: 'We need another photo' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/title-front-blurry\.jpg is too blurry to read/)).toBeVisible();
  await page.goto(`/dashboard/active-transactions/view-docs/find-out-why/${transactionId}`);
  await expect(page.getByRole('heading', { name: 'Why we need another photo' })).toBeVisible();
  await page.getByRole('link', { name: 'Replace the photo' }).click();
  await page.getByLabel('Replace front of the title: choose files').setInputFiles(photo('title-front.jpg'));
  await expect(page.getByRole('listitem', { name: 'title-front.jpg' }).getByText('Uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Send the new photo' }).click();
  await expect(page.getByRole('heading', { name: 'Your payout' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'What you are paid' })).toContainText('No fee for a sale of $1,000 or more');

  await paidAndSignedThroughApi(request, { bearer }, transactionId, buyer);
  await selfInspection(page, transactionId, 1280);
});

test('a paused vehicle check shows what is being checked, and the agent authorisation moves it on', async ({ page, request }) => {
  test.setTimeout(150_000);
  await sellerWithDeal(page, request);
  await identityAndReports(page);
  await page.getByRole('button', { name: 'Yes, there is a loan or lease' }).click();
  await page.getByRole('radio', { name: /Summit Auto Finance/ }).check();
  await page.getByRole('textbox', { name: 'Loan account number' }).fill('SA-20931');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Next: the payoff' }).click();
  await page.getByRole('button', { name: 'I have a payoff letter' }).click();
  await page.getByRole('textbox', { name: 'Payoff amount' }).fill('9,500.00');
  await page.getByLabel('Good through').fill('2030-01-31');
  await page.getByRole('button', { name: 'Use this payoff' }).click();
  await page.getByRole('button', { name: 'Send lender details' }).click();
  // A reading below the 81,500 miles on record: a rollback for the title desk.
  await vehiclePhotos(page, 'vin-plate.jpg', '40,000');

  await expect(page.getByRole('heading', { name: 'We paused the vehicle check' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/transaction\/greenLightPause\?/);
  await expect(page.getByText(/The odometer reads 40,000 miles, fewer than the 81,500 miles on record/)).toBeVisible();
  await expect(page.getByText('Nothing you have done is lost')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'vehicle verification pause');
  await page.getByRole('link', { name: 'Authorise Caramel to act for me' }).click();
  await page.getByRole('textbox', { name: 'Your full legal name' }).fill('Robin Okafor');
  await page.getByRole('textbox', { name: 'Type your name again as your signature' }).fill('Robin Okafor');
  await page.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(page.getByText('Agree to let Caramel act as your agent for the title transfer.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I give Caramel this limited power of attorney' }).check();
  await page.getByRole('button', { name: 'Sign and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Your payout' })).toBeVisible({ timeout: 20_000 });
});
