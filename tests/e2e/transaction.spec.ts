/**
 * The buyer's transaction in real Chromium against the real stack and provider sandbox:
 * identity through the verification widget on its own origin, financing, protection and
 * insurance, each step read-only once done; a declined identity and its retry; the insurance
 * step offline, with an action queued offline applied once when the connection is back.
 */
import { expectNoSeriousAxeViolations } from './axe';
import { draftHolds } from './device-records';
import { countPersistRequests, expect, test, readyOffline } from './fixtures';
import {
  actThroughApi,
  buyerWithDeal,
  fillAddress,
  identityDoneThroughApi,
  verifiedThroughApi,
  verifyInWidget,
} from './transaction-helpers';

// Goes offline: its pages come from the service worker, as in an installed app.
test.use({ serviceWorkers: 'allow' });

test('a buyer goes identity → financing → protection → insurance, and each step becomes read-only', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { transactionId } = await buyerWithDeal(page, request);
  await expectNoSeriousAxeViolations(page, 'identity landing');
  const progress = page.getByRole('navigation', { name: 'Transaction progress' });
  await expect(progress.getByRole('listitem').filter({ hasText: 'Identity' })).toHaveAttribute('aria-current', 'step');

  await verifyInWidget(page, 'Approve verification');
  await expect(page.getByRole('heading', { name: 'Enter your home address' })).toBeVisible();
  await fillAddress(page, { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' });
  await page.getByRole('button', { name: 'Confirm address' }).click();

  await expect(page.getByRole('heading', { name: 'A few more details' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish identity step' }).click();
  await expect(page.getByText('Choose whether you own or rent')).toBeVisible(); // nothing chosen yet
  await page.getByRole('radio', { name: 'Rent' }).check();
  await page.getByRole('textbox', { name: 'Years at this address' }).fill('3');
  await page.getByRole('textbox', { name: 'Employer' }).fill('Acme');
  await page.getByRole('textbox', { name: 'Yearly income before tax' }).fill('85000');
  await page.getByRole('button', { name: 'Finish identity step' }).click();

  await expect(page).toHaveURL(/\/transaction\/financing\?transaction=/);
  await expect(page.getByRole('heading', { name: 'How will you pay?' })).toBeVisible();
  await expect(page.getByText(/About \$\d[\d,.]*\/month for 60 months/)).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'financing landing');
  await page.getByRole('button', { name: 'Apply for financing' }).click();
  // Asked once, in the identity step; the application shows it to confirm.
  await expect(page.getByRole('textbox', { name: 'Yearly income before tax' })).toHaveValue('85,000');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByText('Agree to the credit check to see loan offers')).toBeVisible();
  await page.getByRole('checkbox', { name: /check my credit/ }).check();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('heading', { name: "You're approved: choose a loan" })).toBeVisible();
  await page.getByRole('button', { name: 'Choose Harbor Credit Union' }).click();

  await expect(page).toHaveURL(/\/transaction\/protection\?/);
  await expect(page.getByRole('heading', { name: 'Protect your car' })).toBeVisible();
  await page.getByRole('button', { name: 'Skip protection' }).click();

  await expect(page).toHaveURL(/\/transaction\/insurance\?/);
  await page.getByLabel('Your date of birth').fill('1988-04-02');
  await expect(page.getByRole('textbox', { name: 'ZIP code where the car is kept' })).toHaveValue('78701');
  await page.getByRole('button', { name: 'Get quotes' }).click();
  await expect(page.getByRole('heading', { name: 'Select coverage' })).toBeVisible();
  await page.getByRole('button', { name: 'Select Lighthouse Mutual' }).click();
  await expect(page.getByRole('heading', { name: "You're so close" })).toBeVisible();
  await page.getByRole('button', { name: 'Continue with Lighthouse Mutual' }).click();
  await page
    .frameLocator('iframe[title="Lighthouse Mutual policy confirmation"]')
    .getByRole('button', { name: 'Confirm and start my policy' })
    .click();
  await expect(page).toHaveURL(/\/transaction\/transport\?/);

  // The price breakdown shows the loan and the Texas tax, with a way back to each step.
  await page.getByRole('button', { name: 'Price breakdown' }).click();
  const drawer = page.getByRole('dialog', { name: 'Price breakdown' });
  await expect(drawer.getByText('Sales tax, TX (estimate)')).toBeVisible();
  await expect(drawer.getByText('Financed by Harbor Credit Union')).toBeVisible();
  await drawer.getByRole('link', { name: 'Edit financing' }).click();

  // Editing a done step changes the choice while the amount due is not fixed yet; no new application.
  await expect(page.getByRole('heading', { name: 'Financing' })).toBeVisible();
  await expect(page.getByText(/Financed by Harbor Credit Union: /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change how you pay' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply for financing' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Choose Summit Auto Finance' }).click();
  await expect(page.getByText(/Financed by Summit Auto Finance: /)).toBeVisible();
  await expect(page.getByText(/action pending/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Price breakdown' }).click();
  await expect(drawer.getByText('Financed by Summit Auto Finance')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/transaction\/financing\?/);
  for (const [step, heading] of [
    ['identity', 'Identity verified'],
    ['protection', 'Protection'],
    ['insurance', "You're all set"],
  ]) {
    await page.goto(`/transaction/${step}?transaction=${transactionId}`);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(page.getByText('This step is complete')).toBeVisible();
  }
  // A step not reached yet sends the buyer to where they are.
  await page.goto(`/transaction/signature?transaction=${transactionId}`);
  await expect(page).toHaveURL(new RegExp(`/transaction/transport\\?transaction=${transactionId}$`));
});

test('a declined identity shows the failure screen and a retry', async ({ page, request }) => {
  test.setTimeout(90_000);
  await buyerWithDeal(page, request);
  await verifyInWidget(page, 'Decline verification');
  await expect(page.getByRole('heading', { name: 'We could not verify your identity' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'could not verify identity');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
});

test('the insurance step offline: reload shows the saved step; a quote asked offline is applied once when back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  await identityDoneThroughApi(request, bearer, transactionId);
  await actThroughApi(request, bearer, transactionId, 'finance skipped');
  await actThroughApi(request, bearer, transactionId, 'protection skipped');

  await page.goto(`/transaction?transaction=${transactionId}`);
  await expect(page).toHaveURL(/\/transaction\/insurance\?/);
  await expect(page.getByRole('heading', { name: 'Insure your new car' })).toBeVisible();

  // The service worker has the app precached and controls this page before the connection drops.
  await readyOffline(page);
  await page.reload(); // a first visit is controlled from its next load (prompt mode never claims pages)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const persistRequests = await countPersistRequests(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Insure your new car' })).toBeVisible();
  await expect(page.getByText(/Offline · showing what was saved/)).toBeVisible();

  // The carrier they already have, typed offline, comes back after another reload (nothing is sent until they skip).
  await page.getByRole('button', { name: 'I already have insurance for this car' }).click();
  const carrier = page.getByRole('textbox', { name: 'Your insurance company (optional)' });
  await carrier.fill('Granite Insurance');
  await draftHolds(page, 'Granite Insurance');
  await page.reload();
  await expect(carrier).toHaveValue('Granite Insurance');

  await page.getByLabel('Your date of birth').fill('1990-01-15');
  await page.getByRole('button', { name: 'Get quotes' }).click();
  await expect(page.getByRole('heading', { name: 'Finding quotes…' })).toBeVisible();
  await expect(page.getByText('1 action pending · sends when you are back online')).toBeVisible();
  expect(await persistRequests()).toBe(1); // a queued step must survive: the site asks to keep its storage
  // On a 375 px phone the pending tag wraps inside its card: the page does not grow wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Select coverage' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/action pending/)).toHaveCount(0);
  const detail = await (await request.get(`/api/transactions/${transactionId}`, { headers: { authorization: bearer } })).json();
  expect(detail.timeline.filter((entry: { event: string }) => entry.event === 'insurance quote requested')).toHaveLength(1);
  expect(detail.status).toBe('insurance_completed');
});

test('an address the check cannot match is proven with an uploaded document', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  await verifiedThroughApi(request, bearer, transactionId);
  await page.reload();

  await fillAddress(page, { line1: 'PO Box 12', city: 'Austin', state: 'TX', postalCode: '78701' });
  await page.getByRole('button', { name: 'Confirm address' }).click();
  await expect(page.getByRole('heading', { name: "We couldn't match that address" })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Street address' })).toHaveValue('PO Box 12');

  const proof = page.getByLabel('Proof of address: choose files');
  await proof.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toContainText('notes.txt: upload a PDF, JPEG, PNG or HEIC file');
  // Chosen, it uploads by itself (resumable), and the step moves on once storage holds it.
  await proof.setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 utility bill') });
  await expect(page.getByRole('heading', { name: 'A few more details' })).toBeVisible();
});
