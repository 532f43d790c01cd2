/**
 * The buyer's side of the flaky-connection sale (flaky-walk.ts): identity, cash, insurance,
 * delivery, payment, the ID check and signature, and the delivery confirmed — each named point of
 * flaky-schedule.ts in its place.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { addressKept, heading, pending, press, textbox, waits, type Sale } from './flaky-walk';
import { centsOf, linkBankOnHostedPage } from './sale-helpers';
import { checksId, signOnProvidersPage } from './signing-helpers';
import { fillAddress, verifyInWidget } from './transaction-helpers';

/** From the deal to transport: identity, home address, details, cash, no protection, their own insurance. */
export async function buyerToTransport({ buyer, flaky }: Sale) {
  await buyer.page.getByRole('link', { name: 'Continue to your transaction' }).click();
  await expect(heading(buyer.page, 'Verify your identity')).toBeVisible();
  await flaky.at(buyer, 'before the buyer verifies their identity', { screen: (page) => heading(page, 'Verify your identity') });
  await verifyInWidget(buyer.page, 'Approve verification');
  await expect(heading(buyer.page, 'Enter your home address')).toBeVisible();
  const home = { line1: '400 Pine St', city: 'Seattle', state: 'WA', postalCode: '98101' };
  await flaky.at(buyer, 'while the buyer types their home address', {
    screen: (page) => heading(page, 'Enter your home address'),
    act: (page) => fillAddress(page, home),
    typed: [home.line1, home.city],
    kept: (page) => addressKept(page, home),
  });
  await buyer.page.getByRole('button', { name: 'Confirm address' }).click();
  await expect(heading(buyer.page, 'A few more details')).toBeVisible();
  const details = { 'Years at this address': '3', Employer: 'Acme', 'Yearly income before tax': /^85,?000$/ } as const;
  await flaky.at(buyer, 'while the buyer fills in their details', {
    screen: (page) => heading(page, 'A few more details'),
    act: async (page) => {
      await page.getByRole('radio', { name: 'Rent' }).check();
      await textbox(page, 'Years at this address').fill('3');
      await textbox(page, 'Employer').fill('Acme');
      await textbox(page, 'Yearly income before tax').fill('85000');
    },
    typed: ['Acme'],
    kept: async (page) => {
      await expect(page.getByRole('radio', { name: 'Rent' })).toBeChecked();
      for (const [field, value] of Object.entries(details)) await expect(textbox(page, field)).toHaveValue(value);
    },
  });
  await buyer.page.getByRole('button', { name: 'Finish identity step' }).click();
  await expect(heading(buyer.page, 'How will you pay?')).toBeVisible();
  await flaky.at(buyer, 'when the buyer chooses cash', {
    screen: (page) => heading(page, 'How will you pay?'),
    act: (page) => press(page, 'I’ll pay cash', heading(page, 'Protect your car')),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(heading(buyer.page, 'Protect your car')).toBeVisible();
  await buyer.page.getByRole('button', { name: 'Skip protection' }).click();
  await expect(heading(buyer.page, 'Insure your new car')).toBeVisible();
  await buyer.page.getByRole('button', { name: 'I already have insurance for this car' }).click();
  const insurer = (page: Page) => textbox(page, 'Your insurance company (optional)');
  await flaky.at(buyer, 'while the buyer names their insurer', {
    screen: insurer,
    act: (page) => insurer(page).fill('Lighthouse Mutual'),
    typed: ['Lighthouse Mutual'],
    kept: (page) => expect(insurer(page)).toHaveValue('Lighthouse Mutual'),
  });
  await buyer.page.getByRole('button', { name: 'Skip insurance' }).click();
}

/** Delivery to the buyer's door from the cheapest quote, then the breakdown accepted and the payment authorised. */
export async function buyerBooksAndPays({ buyer, flaky }: Sale) {
  const door = (page: Page) => page.getByRole('radio', { name: /^Delivery to my door/ });
  await expect(door(buyer.page)).toBeVisible();
  await flaky.at(buyer, 'before the buyer asks for delivery quotes', { screen: door });
  await door(buyer.page).check();
  await buyer.page.getByRole('button', { name: 'Get delivery quotes' }).click();
  const book = buyer.page.getByRole('button', { name: /^Book RunBuggy, open carrier for/ });
  const deliveryCents = centsOf((await book.textContent())!);
  await book.click();
  await expect(buyer.page.getByText('The seller’s car is verified')).toBeVisible();
  const onward = (page: Page) => page.getByRole('button', { name: 'Continue to payment' });
  await flaky.at(buyer, 'when the buyer continues to payment', {
    screen: onward,
    act: (page) => press(page, 'Continue to payment', heading(page, 'Review your price breakdown')),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(heading(buyer.page, 'Review your price breakdown')).toBeVisible();
  const dueCents = centsOf(
    (await buyer.page
      .getByRole('row', { name: /^Due at signing/ })
      .getByRole('cell')
      .textContent())!,
  );
  const accept = (page: Page) => page.getByRole('button', { name: /^Accept and pay/ });
  await flaky.at(buyer, 'when the buyer accepts the breakdown', {
    screen: accept,
    act: (page) => press(page, /^Accept and pay/, page.getByRole('heading', { name: /^Pay \$/ })),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(buyer.page.getByRole('heading', { name: /^Pay \$/ })).toBeVisible();
  await linkBankOnHostedPage(buyer.page, 'user_good');
  const account = (page: Page) => page.getByRole('radio', { name: /First Platypus Bank.*6789/ });
  await expect(account(buyer.page)).toBeVisible();
  // The account and the authorisation are given at the press: a reload before it asks for them again (consent is given once, when paying).
  await flaky.at(buyer, 'when the buyer authorises the payment', {
    screen: account,
    act: async (page) => {
      await account(page).check();
      await page.getByRole('checkbox', { name: /I authorise Caramel to take/ }).check();
      await press(page, /^Authorise \$/, heading(page, 'Payment authorised'));
    },
    kept: (page) => expect(heading(page, 'Payment authorised')).toBeVisible(),
  });
  return { deliveryCents, dueCents };
}

/** The buyer's ID check and signature on the provider's page. */
export async function buyerSigns({ buyer, flaky }: Sale) {
  await buyer.page.getByRole('link', { name: 'Next: sign your documents' }).click();
  await buyer.page.getByRole('button', { name: 'Start' }).click();
  await expect(heading(buyer.page, 'Check your ID before signing')).toBeVisible();
  await flaky.at(buyer, 'before the buyer checks their ID', { screen: (page) => heading(page, 'Check your ID before signing') });
  await checksId(buyer.page, 'Approve verification');
  await expect(heading(buyer.page, 'Sign your documents')).toBeVisible({ timeout: 30_000 });
  await signOnProvidersPage(buyer.page, 'seller', true);
  await expect(heading(buyer.page, 'You signed your documents')).toBeVisible({ timeout: 30_000 });
}

/** The buyer follows the car to their door and confirms delivery once it is handed over. */
export async function buyerConfirmsDelivery(sale: Sale) {
  const { buyer, flaky } = sale;
  await buyer.page.getByRole('link', { name: 'Follow the car’s delivery' }).click();
  await expect(heading(buyer.page, 'Your delivery')).toBeVisible();
  const panel = (page: Page) => page.getByRole('region', { name: 'Delivery confirmation' });
  await waits(sale, 'buyer', 'while the car is on its way');
  await expect(panel(buyer.page).getByText(/The seller is paid in 47 h \d+ min unless you raise a problem\./)).toBeVisible({
    timeout: 120_000,
  });
  const secondHalf = (page: Page) => page.getByRole('row', { name: /Paid to the seller \(on delivery\)/ });
  await expect(secondHalf(buyer.page)).toContainText('To come');
  await flaky.at(buyer, 'at handover, before the buyer confirms delivery', {
    screen: (page) => panel(page).getByRole('button', { name: 'Confirm delivery' }),
  });
  await panel(buyer.page).getByRole('button', { name: 'Confirm delivery' }).click();
  await panel(buyer.page).getByRole('button', { name: 'Yes, the car is as described' }).click();
  await expect(panel(buyer.page).getByText('Delivery is confirmed.')).toBeVisible();
  await expect(secondHalf(buyer.page)).not.toContainText('To come');
}
