/**
 * The dealer programme in Chromium on the real stack (issue 22), besides the whole financed sale
 * walked in journey-dealer-financing.spec.ts: an admin makes a user a dealer; a declined credit
 * application shows its screen; a customer is refused /finance. A signed paper application is
 * uploaded on the sale's page and sent, and the lender decides it. Screenshots at 375 and 1280 px.
 */
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, keepScreenshot, test } from './fixtures';
import { fillSale, submitFinancedSale } from './dealer-helpers';
import { sharedAdminSignedIn, signedInUser, uniqueEmail } from './identity-helpers';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await keepScreenshot(page, `${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The shared admin signed in, in a context of their own, on the dealers page. */
async function adminPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL }]);
  const page = await context.newPage();
  await sharedAdminSignedIn(page, '/dashboard/dealers', 'Dealers');
  return { context, page };
}

async function makeDealer(admin: Page, email: string) {
  await admin.getByRole('textbox', { name: 'The user’s e-mail' }).fill(email);
  await admin.getByRole('textbox', { name: 'Dealership name' }).fill('Lone Star Motors');
  await admin.getByRole('textbox', { name: 'Dealer licence number' }).fill('TX-48213');
  await admin.getByRole('textbox', { name: 'Street address' }).fill('1200 Congress Ave');
  await admin.getByRole('textbox', { name: 'City' }).fill('Austin');
  await admin.getByLabel('State').selectOption('TX');
  await admin.getByRole('textbox', { name: 'ZIP code' }).fill('78701');
  await admin.getByRole('button', { name: 'Make dealer' }).click();
  await expect(admin.getByRole('list', { name: 'Dealers' }).getByText(email, { exact: false })).toBeVisible();
}

/** A new user signed in on `page`, made a dealer by the shared admin in a context of their own. */
async function signedInDealer(page: Page, browser: Browser, baseURL: string, request: Parameters<typeof signedInUser>[1]) {
  const dealer = await signedInUser(page, request, '/dashboard');
  const admin = await adminPage(browser, baseURL);
  await makeDealer(admin.page, dealer.email);
  await admin.context.close();
  return dealer;
}

test('a declined application shows its screen; a customer is refused the dealer area', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(120_000);
  await signedInDealer(page, browser, baseURL!, request);

  await page.goto('/finance');
  await submitFinancedSale(page, 'Lee Declined', '123450001');
  await page.getByRole('button', { name: 'Submit for a decision' }).click();
  const sale = page.getByRole('listitem', { name: 'Lee Declined, 2005 Buick' });
  await expect(sale.getByTestId('sale-status')).toHaveText('Declined', { timeout: 30_000 });
  await sale.getByRole('link', { name: 'See the decision' }).click();
  await expect(page.getByRole('heading', { name: 'Application declined' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'declined');

  const customer = await browser.newContext({ baseURL });
  await customer.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL! }]);
  const customerPage = await customer.newPage();
  await signedInUser(customerPage, request, '/dashboard');
  await expect(customerPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dealer financing' })).toHaveCount(0);
  for (const path of ['/finance', '/finance/status']) {
    await customerPage.goto(path);
    await expect(customerPage.getByTestId('not-found-message')).toHaveText(`Page Not Found: ${path}`);
  }
  await customer.close();
});

test('a signed paper application is uploaded on the sale’s page, sent to the lender and decided', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  await signedInDealer(page, browser, baseURL!, request);

  await page.goto('/finance');
  await fillSale(page, 'Kim Signed', uniqueEmail('customer'));
  await page.getByLabel('Upload a signed application').check();
  await expect(page.getByRole('textbox', { name: 'Social Security number' })).toHaveCount(0);
  await page.getByLabel('The customer signed the credit application').check();
  await page.getByLabel('The customer agrees to a credit check').check();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'submit-sale-signed');
  await page.getByRole('button', { name: 'Submit the sale' }).click();

  // Straight to the sale's page, where the signed copy is uploaded and sent.
  await expect(page.getByTestId('sale-status')).toHaveText('Waiting for the signed application');
  await page.getByRole('button', { name: /^Dismiss: The sale is in/ }).click();
  const send = page.getByRole('button', { name: 'Send to the lender' });
  await expect(send).toBeDisabled();
  await page
    .getByLabel('Signed credit application: choose files')
    .setInputFiles({ name: 'kim-signed-application.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 signed application') });
  await expect(send).toBeEnabled({ timeout: 30_000 });
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'signed-application');
  await send.click();
  await expect(page.getByRole('heading', { name: 'Approved', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: '← All sales' }).click();
  await expect(page.getByRole('listitem', { name: 'Kim Signed, 2005 Buick' }).getByTestId('sale-status')).toHaveText('Approved');
});
