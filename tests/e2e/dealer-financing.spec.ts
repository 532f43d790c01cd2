/**
 * The dealer programme in Chromium on the real stack (issue 22): an admin makes a user a dealer;
 * the dealer submits a financed sale, the sandbox lender approves it with stipulations, the dealer
 * structures it with a warranty, uploads the stipulations and the car's photos and sends them for
 * review, books delivery to the customer and signs; the customer, mailed in a browser of their own,
 * reviews the breakdown with the loan terms, pays, checks their ID and signs, and the dealer's list
 * shows the sale closed. A declined application shows its screen; a customer is refused /finance.
 * A signed paper application is uploaded on the sale's page and sent, and the lender decides it.
 * Screenshots at 375 and 1280 px.
 */
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { sharedAdminSignedIn, signedInUser, uniqueEmail } from './identity-helpers';
import { linkBankOnHostedPage, person, secondPage } from './sale-helpers';
import { checksId, signOnProvidersPage } from './signing-helpers';
import { fillAddress, photo } from './transaction-helpers';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
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

/** The sale form opened and filled up to its credit application. */
async function fillSale(page: Page, customer: string, email: string) {
  await page.getByRole('link', { name: 'Submit a sale' }).click();
  await page.getByRole('textbox', { name: 'VIN' }).fill('1G4AH59H45G118341');
  await page.getByRole('textbox', { name: 'Mileage' }).fill('84000');
  await page.getByRole('textbox', { name: 'Sale price' }).fill('18500');
  await page.getByRole('textbox', { name: 'Customer’s name' }).fill(customer);
  await page.getByRole('textbox', { name: 'Customer’s e-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Customer’s mobile' }).fill('4155550134');
}

async function submitFinancedSale(page: Page, customer: string, ssn: string, email = uniqueEmail('customer')) {
  await fillSale(page, customer, email);
  await page.getByRole('textbox', { name: 'Annual income' }).fill('72000');
  await page.getByLabel('Housing', { exact: true }).selectOption('rent');
  await page.getByRole('textbox', { name: 'Monthly housing payment' }).fill('1500');
  await page.getByRole('textbox', { name: 'Employer', exact: true }).fill('Acme Corp');
  await page.getByRole('textbox', { name: 'Years at this employer' }).fill('4');
  await page.getByRole('textbox', { name: 'Social Security number' }).fill(ssn);
  await page.getByLabel('The customer agrees to a credit check').check();
}

test('an admin makes a dealer, who sells with financing: approved with stipulations, structured, documents reviewed, delivered and signed; the customer pays and signs; the sale closes', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  const customerPage = await secondPage(browser, baseURL!, { width: 375, height: 812 });
  const customer = await person(customerPage, request, 'customer', ['Sam', 'Rivera']);
  const dealer = await signedInUser(page, request, '/dashboard');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Dealer financing' })).toHaveCount(0);

  const admin = await adminPage(browser, baseURL!);
  await makeDealer(admin.page, dealer.email);
  await expectNoSeriousAxeViolations(admin.page);
  await shoot(admin.page, 'admin-dealers');
  await admin.context.close();

  await page.goto('/finance');
  await expect(page.getByRole('heading', { name: 'Dealer financing', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dealer financing' })).toHaveAttribute('aria-current', 'page');
  await submitFinancedSale(page, 'Sam Rivera', '123-45-0002', customer.email);
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'submit-sale');
  await page.getByRole('button', { name: 'Submit for a decision' }).click();

  const sale = page.getByRole('listitem', { name: 'Sam Rivera, 2005 Buick' });
  await expect(sale.getByTestId('sale-status')).toHaveText('Approved with stipulations', { timeout: 30_000 });
  await expect(page.getByText('123450002')).toHaveCount(0);
  await shoot(page, 'finance-list');
  await sale.getByRole('link', { name: 'Structure the deal' }).click();

  await expect(page.getByRole('heading', { name: 'Approved with stipulations' })).toBeVisible();
  await expect(page.getByText('•••-••-0002')).toBeVisible();
  await page.getByLabel('Term').selectOption('60');
  await page.getByRole('textbox', { name: 'Down payment' }).fill('2500');
  await page.getByLabel(/Vehicle service contract/).check();
  const figures = page.getByRole('definition');
  // $18,500 + $1,895 − $2,500 financed at 9.9 % over 60 months.
  await expect(figures.filter({ hasText: /^\$17,895$/ })).toBeVisible();
  await expect(figures.filter({ hasText: '$379.34' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'structure');
  await page.getByRole('button', { name: 'Save the structure' }).click();

  await expect(page.getByRole('heading', { name: 'Documents for the lender' })).toBeVisible();
  for (const label of [
    'Proof of income',
    'Proof of residence',
    'Proof of insurance',
    'Front of the title',
    'VIN plate photo',
    'Odometer photo',
  ])
    await page.getByLabel(`${label}: choose files`).setInputFiles(photo(`${label.toLowerCase().replaceAll(' ', '-')}.jpg`));
  const send = page.getByRole('button', { name: 'Submit for review' });
  await expect(send).toBeEnabled({ timeout: 30_000 });
  await shoot(page, 'documents');
  await send.click();
  await expect(page.getByText('Approved for funding').first()).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'funding-approved');

  // The customer, signed up with the e-mail the dealer gave, finds the purchase, held until the dealer signs.
  await customerPage.goto('/link-offer');
  await customerPage.getByRole('link', { name: 'Go to your transactions' }).click();
  await customerPage.getByRole('link', { name: 'Continue 2005 Buick' }).click();
  await expect(customerPage.getByRole('heading', { name: 'Lone Star Motors is preparing your sale' })).toBeVisible();
  await expect(customerPage.getByRole('button', { name: /^Accept and pay/ })).toHaveCount(0);
  await shoot(customerPage, 'customer-waits');

  // Delivery from the lot in Austin to the customer in Dallas, with the vendors' quotes.
  await page.getByRole('button', { name: 'Choose pickup or delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Getting the car to your customer' })).toBeVisible();
  await expect(page.getByText('The car is on your lot in Austin, TX 78701.')).toBeVisible();
  await expect(page.getByText('Your customer’s part opens once you have signed')).toBeVisible();
  await page.getByRole('radio', { name: /^Delivery to the customer/ }).check();
  await fillAddress(page, { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201' });
  await page.getByRole('button', { name: 'Get delivery quotes' }).click();
  const quotes = page.getByRole('list', { name: 'Delivery quotes' });
  await expect(quotes.getByRole('listitem')).not.toHaveCount(0);
  await shoot(page, 'dealer-transport');
  await quotes
    .getByRole('button', { name: /^Book / })
    .first()
    .click();

  // The dealer signs first: the documents are made with the final figures.
  await expect(page.getByRole('heading', { name: 'Sign the sale' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'dealer-sign');
  // The documents open once both preparing moves have reached the API: until then signing is not offered.
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route('**/api/transactions/*/events', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Prepare the documents' }).click();
  await expect(page.getByText('Sending your last steps first; signing opens as soon as they have reached us.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review and sign' })).toBeDisabled();
  letThrough();
  await signOnProvidersPage(page, 'buyer', true);
  await expect(page.getByText(/You signed your documents/)).toBeVisible();
  // Signed, the dealer is shown what happens next: their customer's part, the loan, their payment.
  await expect(page.getByRole('heading', { name: "You're all done" })).toBeVisible();
  await expect(page.getByText('You signed the sale.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prepare the documents' })).toHaveCount(0);
  await shoot(page, 'dealer-signed');

  // The customer is mailed, and the page they left open follows by itself.
  const ready = `/api/dev/mailbox/latest?to=${encodeURIComponent(customer.email)}&subject=${encodeURIComponent('Lone Star Motors: your purchase is ready for you')}`;
  await expect.poll(async () => (await request.get(ready)).status(), { timeout: 20_000 }).toBe(200);

  // The price breakdown with the finance terms: the car, the warranty and the delivery; the dealer's lender finances the rest.
  await expect(customerPage.getByRole('heading', { name: 'Review your price breakdown' })).toBeVisible({ timeout: 20_000 });
  const breakdown = customerPage.getByRole('table').first();
  await expect(breakdown.getByRole('rowheader', { name: /Financed by Caramel Dealer Finance.*9\.9% APR · 60 months/ })).toBeVisible();
  await expect(breakdown.getByRole('rowheader', { name: 'Vehicle service contract' })).toBeVisible();
  await expect(breakdown.getByRole('rowheader', { name: /Delivery/ })).toBeVisible();
  await expectNoSeriousAxeViolations(customerPage);
  await shoot(customerPage, 'customer-breakdown');
  await customerPage.getByRole('button', { name: /^Accept and pay \$/ }).click();
  await linkBankOnHostedPage(customerPage, 'user_good');
  await customerPage.getByRole('radio', { name: /First Platypus Bank.*6789/ }).check();
  await customerPage.getByRole('checkbox', { name: /I authorise Caramel to take/ }).check();
  await customerPage.getByRole('button', { name: /^Authorise \$/ }).click();
  await expect(customerPage.getByRole('heading', { name: 'Payment authorised' })).toBeVisible();
  await customerPage.getByRole('link', { name: 'Next: sign your documents' }).click();

  // Then their government ID, and they sign.
  // The payment-first table goes from starting straight to the ID check.
  await customerPage.getByRole('button', { name: 'Start' }).click();
  await checksId(customerPage, 'Approve verification');
  await signOnProvidersPage(customerPage, 'seller', false);
  // Told the dealer signed already, not that the copies wait for "the seller".
  await expect(customerPage.getByText('You signed your documents. Lone Star Motors signed already')).toBeVisible();
  await expect(customerPage.getByRole('heading', { name: 'Everyone has signed' })).toBeVisible({ timeout: 60_000 });
  await expect(customerPage.getByRole('region', { name: 'Get connected with your seller' })).toContainText('Lone Star Motors');
  await shoot(customerPage, 'customer-signed');

  await page.goto('/finance');
  await expect(page.getByRole('listitem', { name: 'Sam Rivera, 2005 Buick' }).getByTestId('sale-status')).toHaveText('Closed', {
    timeout: 30_000,
  });
  await customerPage.context().close();
});

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
