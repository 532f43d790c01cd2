/**
 * A dealer's financed sale, walked by people who each start at sign-up in their own browser,
 * clicking only what the screens offer: a would-be dealer (1280 px) applies to the programme and
 * the admin approves it; the dealer sells a car with financing to a customer who signed up on their
 * phone (375 px): the lender approves with stipulations, the dealer structures the loan with a
 * service contract, sends the documents, books delivery and signs; the customer pays what is due
 * and signs; the dealer's list shows the sale closed. Each move shows on the other's open screen.
 */
import { randomUUID } from 'node:crypto';
import { expectNoSeriousAxeViolations } from './axe';
import { submitFinancedSale, uploadLenderDocuments } from './dealer-helpers';
import { expect, test } from './fixtures';
import { confirmsDelivery } from './sale-helpers';
import { sharedAdminSignedIn } from './identity-helpers';
import { closeOwnBrowsers, Journey, ownBrowser, signUp } from './journey-helpers';
import { buyerPays, settledMoney } from './journey-steps';
import { checksId, signOnProvidersPage } from './signing-helpers';
import { fillAddress } from './transaction-helpers';

// A person's whole walk, in the app as their browser installs it (its service worker).
test.use({ serviceWorkers: 'allow' });
test.afterEach(closeOwnBrowsers);

test('dealer financing: from sign-up and the dealer’s application to closed by clicking only', async ({ browser, request, baseURL }) => {
  test.setTimeout(360_000);
  const journey = new Journey(test.info(), 'dealer financing');
  const dealer = await ownBrowser(browser, baseURL!, 1280);
  const customer = await ownBrowser(browser, baseURL!, 375);
  const dealership = `Lone Star Motors ${randomUUID().slice(0, 4)}`;
  const customerAccount = await signUp(customer, request, 'dealer-customer', ['Sam', 'Rivera']);
  await journey.shot(customer, 'customer', 'signed up');
  await signUp(dealer, request, 'dealer', ['Dana', 'Whitfield']);

  // The would-be dealer finds the programme from the site's navigation and applies.
  await dealer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dealers' }).click();
  await dealer.getByRole('link', { name: 'Apply to join the dealer programme' }).click();
  await dealer.getByRole('textbox', { name: 'Dealership name' }).fill(dealership);
  await dealer.getByRole('textbox', { name: 'Dealer licence number' }).fill('TX-48213');
  await dealer.getByRole('textbox', { name: 'Street address' }).fill('1200 Congress Ave');
  await dealer.getByRole('textbox', { name: 'City' }).fill('Austin');
  await dealer.getByLabel('State').selectOption('TX');
  await dealer.getByRole('textbox', { name: 'ZIP code' }).fill('78701');
  await dealer.getByRole('textbox', { name: 'Dealership phone' }).fill('5125550142');
  await journey.shot(dealer, 'dealer', 'application');
  await dealer.getByRole('button', { name: 'Send application' }).click();
  await journey.waitsFor('dealer', dealer.getByText('We are reviewing your application', { exact: true }), 'application sent');

  // The admin approves it from the applications waiting; the dealer's open page follows.
  const admin = await ownBrowser(browser, baseURL!, 1280);
  await sharedAdminSignedIn(admin, '/dashboard/dealers', 'Dealers');
  const application = admin.getByRole('list', { name: 'Applications waiting' }).getByRole('listitem', { name: dealership });
  await journey.shot(admin, 'admin', 'applications waiting');
  await application.getByRole('button', { name: 'Approve' }).click();
  await expect(application).toHaveCount(0);
  await admin.context().close();
  await journey.followsWithin5s('dealer', dealer.getByText('Your application is approved', { exact: true }), 'the dealer is approved');
  await journey.shot(dealer, 'dealer', 'approved');
  await dealer.getByRole('link', { name: 'Go to dealer financing' }).click();

  // The dealer submits the sale with the customer's credit application; the lender answers by webhook.
  await submitFinancedSale(dealer, 'Sam Rivera', '123-45-0002', customerAccount.email);
  await expectNoSeriousAxeViolations(dealer);
  await journey.shot(dealer, 'dealer', 'sale form');
  await dealer.getByRole('button', { name: 'Submit for a decision' }).click();
  const sale = dealer.getByRole('listitem', { name: 'Sam Rivera, 2005 Buick' });
  await journey.waitsFor('dealer', sale.getByTestId('sale-status').filter({ hasText: 'Approved with stipulations' }), 'lender decision', {
    sandbox: true,
  });
  // The customer's social security number is never shown back.
  await expect(dealer.getByText('123450002')).toHaveCount(0);
  await journey.shot(dealer, 'dealer', 'approved with stipulations');

  // The purchase reaches the customer's open dashboard by itself: the dealer is preparing it.
  const purchase = customer.getByRole('link', { name: /2005 Buick/ }).first();
  await journey.followsWithin5s('customer', purchase, 'the sale reaches the customer');
  // No figure yet: the dealer has not structured the loan (the whole price is not what they pay).
  await expect(customer.getByText(/Due at signing/)).toHaveCount(0);
  await journey.shot(customer, 'customer', 'purchase arrived');
  await purchase.click();
  await journey.waitsFor('customer', customer.getByRole('heading', { name: `${dealership} is preparing your sale` }), 'customer waits');
  await expect(customer.getByRole('button', { name: /^Accept and pay/ })).toHaveCount(0);
  await journey.shot(customer, 'customer', 'the dealer prepares');

  // The structure: 60 months, $2,500 down, the service contract.
  await sale.getByRole('link', { name: 'Structure the deal' }).click();
  await expect(dealer.getByText('•••-••-0002')).toBeVisible();
  await dealer.getByLabel('Term').selectOption('60');
  await dealer.getByRole('textbox', { name: 'Down payment' }).fill('2500');
  await dealer.getByLabel(/Vehicle service contract/).check();
  // $18,500 + $1,895 − $2,500 financed at 9.9 % over 60 months.
  const figures = dealer.getByRole('definition');
  await expect(figures.filter({ hasText: /^\$17,895$/ })).toBeVisible();
  await expect(figures.filter({ hasText: '$379.34' })).toBeVisible();
  await journey.shot(dealer, 'dealer', 'structure');
  await dealer.getByRole('button', { name: 'Save the structure' }).click();
  await journey.waitsFor('dealer', dealer.getByRole('heading', { name: 'Documents for the lender' }), 'structure saved');
  await uploadLenderDocuments(dealer);
  const send = dealer.getByRole('button', { name: 'Submit for review' });
  await journey.waitsFor('dealer', send.and(dealer.locator(':enabled')), 'documents uploaded');
  await journey.shot(dealer, 'dealer', 'documents');
  await send.click();
  await journey.waitsFor('dealer', dealer.getByText('Approved for funding').first(), 'funding approved', { sandbox: true });

  // Delivery from the lot in Austin to the customer in Dallas, then the dealer signs first.
  await dealer.getByRole('button', { name: 'Choose pickup or delivery' }).click();
  await dealer.getByRole('radio', { name: /^Delivery to the customer/ }).check();
  await fillAddress(dealer, { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201' });
  await dealer.getByRole('button', { name: 'Get delivery quotes' }).click();
  const quotes = dealer.getByRole('list', { name: 'Delivery quotes' });
  await journey.waitsFor('dealer', quotes.getByRole('button', { name: /^Book / }).first(), 'delivery quotes');
  await journey.shot(dealer, 'dealer', 'delivery quotes');
  await quotes
    .getByRole('button', { name: /^Book / })
    .first()
    .click();
  await journey.waitsFor('dealer', dealer.getByRole('heading', { name: 'Sign the sale' }), 'delivery booked');
  await expectNoSeriousAxeViolations(dealer);
  // Signing is offered once both preparing moves have reached the API (held here a moment), not refused after.
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await dealer.route('**/api/transactions/*/events', async (route) => {
    await held;
    await route.continue();
  });
  await dealer.getByRole('button', { name: 'Prepare the documents' }).click();
  await expect(dealer.getByText('Sending your last steps first; signing opens as soon as they have reached us.')).toBeVisible();
  await expect(dealer.getByRole('button', { name: 'Review and sign' })).toBeDisabled();
  letThrough();
  await signOnProvidersPage(dealer, 'buyer', true);
  await journey.waitsFor('dealer', dealer.getByRole('heading', { name: 'Your steps are done' }), 'dealer signed');
  await expect(dealer.getByText('You signed the sale.')).toBeVisible();
  await journey.shot(dealer, 'dealer', 'signed');
  // The customer is mailed that it is their turn.
  const ready = `/api/dev/mailbox/latest?to=${encodeURIComponent(customerAccount.email)}&subject=${encodeURIComponent(`${dealership}: your purchase is ready for you`)}`;
  await expect.poll(async () => (await request.get(ready)).status(), { timeout: 20_000 }).toBe(200);

  // The customer's open screen opens their part: the breakdown with the loan, the contract and the delivery.
  await journey.followsWithin5s('customer', customer.getByRole('heading', { name: 'Review your price breakdown' }), 'the customer can pay');
  const breakdown = customer.getByRole('table').first();
  await expect(breakdown.getByRole('rowheader', { name: /Financed by Caramel Dealer Finance.*9\.9% APR · 60 months/ })).toBeVisible();
  await expect(breakdown.getByRole('rowheader', { name: 'Vehicle service contract' })).toBeVisible();
  await expect(breakdown.getByRole('rowheader', { name: /Delivery/ })).toBeVisible();
  await expectNoSeriousAxeViolations(customer);
  await journey.shot(customer, 'customer', 'price breakdown');
  const dueCents = await buyerPays(customer, journey);
  expect(dueCents).toBeGreaterThanOrEqual(2_500_00);

  // Their government ID, then they sign; the dealer signed already.
  await customer.getByRole('link', { name: 'Next: sign your documents' }).click();
  await customer.getByRole('button', { name: 'Start' }).click();
  await checksId(customer, 'Approve verification');
  await journey.waitsFor('customer', customer.getByRole('heading', { name: 'Sign your documents' }), 'ID checked', { sandbox: true });
  await signOnProvidersPage(customer, 'seller', false);
  await journey.waitsFor('customer', customer.getByText(`You signed your documents. ${dealership} signed already`), 'customer signed');
  await journey.waitsFor('customer', customer.getByRole('heading', { name: 'Everyone has signed' }), 'signatures collected', {
    timeout: 60_000,
    sandbox: true,
  });
  await expect(customer.getByRole('region', { name: 'Get connected with your seller' })).toContainText(dealership);
  await journey.shot(customer, 'customer', 'everyone has signed');

  // Signed by both, the sale is not closed: the dealer's list, open from here on, says what it waits for.
  await dealer.getByRole('link', { name: 'Back to your sales' }).click();
  await expect(sale.getByTestId('sale-status')).toHaveText(
    /^(Signed · waiting for the handover|Delivered · the buyer checks the car until .*)$/,
  );
  await journey.shot(dealer, 'dealer', 'waiting for delivery');

  // The car delivered, the customer confirms; what they paid has gone where their breakdown said, to the cent.
  await customer.getByRole('link', { name: 'Follow the car’s delivery' }).click();
  await confirmsDelivery(customer);
  // The dealer's list, open all along, follows the sale to closed by itself.
  await journey.followsWithin5s(
    'dealer',
    sale.getByTestId('sale-status').filter({ hasText: /^Closed [A-Z][a-z]{2} \d{1,2}$/ }),
    'the dealer sees the sale closed',
  );
  const customerMoney = await settledMoney(customer, journey, 'customer', 2);
  const paid = customerMoney.find((row) => row.label.startsWith('You paid'))!;
  expect(paid.cents).toBe(dueCents);
  // What came in (their payment and their loan) went out to the dealer, the dealer's contract and the transport, to the cent.
  const total = (rows: typeof customerMoney) => rows.reduce((sum, row) => sum + row.cents, 0);
  const paidIn = customerMoney.filter((row) => /^(You paid|Your loan)/.test(row.label));
  expect(paidIn).toHaveLength(2);
  expect(total(customerMoney.filter((row) => !paidIn.includes(row)))).toBe(total(paidIn));

  await journey.shot(dealer, 'dealer', 'closed');
  journey.report();
});
