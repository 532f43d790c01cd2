/**
 * The steps of a private sale as each party takes them on their screens, for the journey tests:
 * only what a screen offers is clicked, and every screen reached is saved (journey-helpers.ts).
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import type { Journey } from './journey-helpers';
import { centsOf, linkBankOnHostedPage, moneyOf } from './sale-helpers';
import { checksId, signOnProvidersPage } from './signing-helpers';
import { fillAddress, photo, verifyInWidget } from './transaction-helpers';

/**
 * From the deal screen to the seller's payout: identity, pickup address, reports, the title — its
 * photos, or with a loan on the car its lender and a payoff quote — the car's photos, the title desk.
 */
export async function sellerToPayout(page: Page, journey: Journey, { lien = false, fromDashboard = false } = {}) {
  if (!fromDashboard) await page.getByRole('link', { name: 'Continue to your transaction' }).click();
  await journey.waitsFor('seller', page.getByRole('heading', { name: 'Verify your identity' }), 'transaction opens');
  await journey.shot(page, 'seller', 'identity');
  await verifyInWidget(page, 'Approve verification');
  await journey.waitsFor('seller', page.getByRole('heading', { name: 'Enter your home address' }), 'identity verified', { sandbox: true });
  await fillAddress(page, { line1: '12 Elm St', city: 'Portland', state: 'OR', postalCode: '97201' });
  await page.getByRole('button', { name: 'Confirm address' }).click();
  await journey.waitsFor('seller', page.getByRole('heading', { name: 'Where is the car?' }), 'address checked');
  await journey.shot(page, 'seller', 'where is the car');
  await page.getByRole('button', { name: 'Finish identity step' }).click();
  await journey.waitsFor('seller', page.getByRole('heading', { name: "Your vehicle's reports" }), 'reports');
  await journey.shot(page, 'seller', 'reports');
  await page.getByRole('button', { name: 'Continue to title' }).click();
  await journey.waitsFor('seller', page.getByRole('heading', { name: 'Your title' }), 'title step');
  if (lien) await lenderAndPayoff(page, journey);
  else await titlePhotos(page, journey);
  await journey.waitsFor('seller', page.getByRole('heading', { name: 'The VIN plate and the odometer' }), 'car photos step');
  await page.getByLabel('VIN plate photo: choose files').setInputFiles(photo('vin-plate.jpg'));
  await page.getByLabel('Odometer photo: choose files').setInputFiles(photo('odometer.jpg'));
  await page.getByRole('textbox', { name: 'Odometer reading (miles)' }).fill('84,100');
  await expect(page.getByRole('button', { name: 'Send for review' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send for review' }).click();
  await journey.shot(page, 'seller', 'title desk checking');
  // The title desk answers by webhook; the screen follows by itself.
  await journey.waitsFor('seller', page.getByRole('heading', { name: 'Your payout' }), 'title approved', { sandbox: true });
  await journey.shot(page, 'seller', 'payout');
  return centsOf(
    (await page
      .getByRole('row', { name: /^You'll be paid/ })
      .getByRole('cell')
      .textContent())!,
  );
}

async function titlePhotos(page: Page, journey: Journey) {
  await page.getByRole('button', { name: 'No, I own it outright' }).click();
  await page.getByLabel('Front of the title: choose files').setInputFiles(photo('title-front.jpg'));
  await page.getByLabel('Back of the title: choose files').setInputFiles(photo('title-back.jpg'));
  await journey.waitsFor('seller', page.getByRole('listitem', { name: 'title-back.jpg' }).getByText('Uploaded'), 'title photos uploaded');
  await expect(page.getByRole('listitem', { name: 'title-front.jpg' }).getByText('Uploaded')).toBeVisible();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await journey.shot(page, 'seller', 'title photos');
  await page.getByRole('button', { name: 'Send the title photos' }).click();
}

/** A loan with Harbor Credit Union on the car: the lender, the account, and a payoff quote asked of the lender. */
async function lenderAndPayoff(page: Page, journey: Journey) {
  await page.getByRole('button', { name: 'Yes, there is a loan or lease' }).click();
  await page.getByRole('searchbox', { name: 'Search lenders' }).fill('harbor');
  await page.getByRole('radio', { name: /Harbor Credit Union/ }).check();
  await page.getByRole('textbox', { name: 'Loan account number' }).fill('AC-4417-2210');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await journey.shot(page, 'seller', 'lender');
  await page.getByRole('button', { name: 'Next: the payoff' }).click();
  await page.getByRole('button', { name: 'Ask Harbor Credit Union for a payoff quote' }).click();
  await journey.waitsFor('seller', page.getByText('A quote from Harbor Credit Union'), 'payoff quote', { sandbox: true });
  await journey.shot(page, 'seller', 'payoff quote');
  await page.getByRole('button', { name: 'Send lender details' }).click();
}

/** The seller accepts the payout and links the account it goes to on the bank's hosted page. */
export async function sellerLinksPayoutAccount(page: Page, journey: Journey) {
  await page.getByRole('button', { name: 'This looks right' }).click();
  await journey.waitsFor('seller', page.getByRole('heading', { name: 'Where should we pay you?' }), 'payout accepted');
  await linkBankOnHostedPage(page, 'user_good');
  await journey.waitsFor('seller', page.getByRole('radio', { name: /First Platypus Bank.*6789/ }), 'bank linked', { sandbox: true });
  await journey.shot(page, 'seller', 'payout account');
  await page.getByRole('radio', { name: /First Platypus Bank.*6789/ }).check();
  await page.getByRole('button', { name: 'Use this account' }).click();
  // The success screen stays to be read while the choice is sent and the sale moves on.
  await journey.waitsFor('seller', page.getByRole('heading', { name: 'Payout account saved' }), 'payout account saved');
  await expect(page.getByText('Your payout goes to First Platypus Bank Everyday Checking ••6789.')).toBeVisible();
  await journey.shot(page, 'seller', 'payout account saved');
  await page.getByRole('link', { name: 'Next: sign your documents' }).click();
  // The documents wait for the buyer's payment, unless the buyer has paid already.
  const waits = page.getByText('Your documents are made once the buyer has finished their payment step');
  await journey.waitsFor('seller', waits.or(page.getByRole('button', { name: 'Review and sign' })), 'signing');
  await journey.shot(page, 'seller', 'signing');
}

/** From the deal screen to the buyer's transport: identity, home address, details, cash, no protection, their own insurance. */
export async function buyerToTransport(
  page: Page,
  journey: Journey,
  home: { line1: string; city: string; state: string; postalCode: string },
) {
  await page.getByRole('link', { name: 'Continue to your transaction' }).click();
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'Verify your identity' }), 'transaction opens');
  await journey.shot(page, 'buyer', 'identity');
  await verifyInWidget(page, 'Approve verification');
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'Enter your home address' }), 'identity verified', { sandbox: true });
  await fillAddress(page, home);
  await page.getByRole('button', { name: 'Confirm address' }).click();
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'A few more details' }), 'address checked');
  await page.getByRole('radio', { name: 'Rent' }).check();
  await page.getByRole('textbox', { name: 'Years at this address' }).fill('3');
  await page.getByRole('textbox', { name: 'Employer' }).fill('Acme');
  await page.getByRole('textbox', { name: 'Yearly income before tax' }).fill('85000');
  await journey.shot(page, 'buyer', 'details');
  await page.getByRole('button', { name: 'Finish identity step' }).click();
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'How will you pay?' }), 'financing');
  await journey.shot(page, 'buyer', 'how will you pay');
}

/** A loan: the application (income as given at identity), the credit check agreed, the first lender's offer chosen. */
export async function buyerFinances(page: Page, journey: Journey) {
  await page.getByRole('button', { name: 'Apply for financing' }).click();
  await page.getByRole('checkbox', { name: /check my credit/ }).check();
  await journey.shot(page, 'buyer', 'loan application');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await journey.waitsFor('buyer', page.getByRole('heading', { name: "You're approved: choose a loan" }), 'loan offers', { sandbox: true });
  await journey.shot(page, 'buyer', 'loan offers');
  await page.getByRole('button', { name: 'Choose Harbor Credit Union' }).click();
}

/** No protection plan; a policy quoted by the carriers and confirmed on the carrier's page: on to transport. */
export async function buyerInsures(page: Page, journey: Journey) {
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'Protect your car' }), 'protection');
  await page.getByRole('button', { name: 'Skip protection' }).click();
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'Insure your new car' }), 'insurance');
  await page.getByLabel('Your date of birth').fill('1988-04-02');
  await page.getByRole('button', { name: 'Get quotes' }).click();
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'Select coverage' }), 'insurance quotes', { sandbox: true });
  await journey.shot(page, 'buyer', 'insurance quotes');
  await page.getByRole('button', { name: 'Select Lighthouse Mutual' }).click();
  await page.getByRole('button', { name: 'Continue with Lighthouse Mutual' }).click();
  await page
    .frameLocator('iframe[title="Lighthouse Mutual policy confirmation"]')
    .getByRole('button', { name: 'Confirm and start my policy' })
    .click();
}

/** No protection plan, and the buyer's own insurance: on to transport. */
export async function buyerSkipsProtectionAndInsurance(page: Page, journey: Journey) {
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'Protect your car' }), 'protection');
  await page.getByRole('button', { name: 'Skip protection' }).click();
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'Insure your new car' }), 'insurance');
  await page.getByRole('button', { name: 'I already have insurance for this car' }).click();
  await page.getByRole('textbox', { name: 'Your insurance company (optional)' }).fill('Lighthouse Mutual');
  await journey.shot(page, 'buyer', 'own insurance');
  await page.getByRole('button', { name: 'Skip insurance' }).click();
}

/** Delivery to the buyer's door from the cheapest quote; then, the seller's car verified, on to the price breakdown. */
export async function buyerBooksDelivery(page: Page, journey: Journey) {
  await page.getByRole('radio', { name: /^Delivery to my door/ }).check();
  await page.getByRole('button', { name: 'Get delivery quotes' }).click();
  const book = page.getByRole('button', { name: /^Book RunBuggy, open carrier for/ });
  await journey.waitsFor('buyer', book, 'delivery quotes');
  await journey.shot(page, 'buyer', 'delivery quotes');
  const deliveryCents = centsOf((await book.textContent())!);
  await book.click();
  await journey.waitsFor('buyer', page.getByText('The seller’s car is verified'), 'delivery booked');
  await journey.shot(page, 'buyer', 'delivery booked');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'Review your price breakdown' }), 'price breakdown');
  await journey.shot(page, 'buyer', 'price breakdown');
  return deliveryCents;
}

/** A pickup from the seller on the first day offered, in the morning; then, the seller's car verified, on to the price breakdown. */
export async function buyerBooksPickup(page: Page, journey: Journey) {
  await page.getByRole('radio', { name: /^I pick it up from the seller/ }).check();
  await page.getByRole('radio', { name: /^9/ }).first().check();
  await journey.shot(page, 'buyer', 'pickup');
  await page.getByRole('button', { name: 'Book the pickup' }).click();
  await journey.waitsFor('buyer', page.getByText('The seller’s car is verified'), 'pickup booked');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'Review your price breakdown' }), 'price breakdown');
  await journey.shot(page, 'buyer', 'price breakdown');
}

/** The buyer accepts the breakdown and authorises what is due from an account linked on the bank's page; the amount due. */
export async function buyerPays(page: Page, journey: Journey) {
  const dueCents = centsOf(
    (await page
      .getByRole('row', { name: /^Due at signing/ })
      .getByRole('cell')
      .textContent())!,
  );
  await page.getByRole('button', { name: /^Accept and pay/ }).click();
  await journey.waitsFor('buyer', page.getByRole('heading', { name: /^Pay \$/ }), 'breakdown accepted');
  await linkBankOnHostedPage(page, 'user_good');
  const account = page.getByRole('radio', { name: /First Platypus Bank.*6789/ });
  await journey.waitsFor('buyer', account, 'bank linked', { sandbox: true });
  await account.check();
  await page.getByRole('checkbox', { name: /I authorise Caramel to take/ }).check();
  await journey.shot(page, 'buyer', 'pay');
  // Nothing covers the button (the notice that the bank is linked stays clear of it on a phone).
  const authorise = page.getByRole('button', { name: /^Authorise \$/ });
  await authorise.click({ trial: true, timeout: 1_000 });
  await authorise.click();
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'Payment authorised' }), 'payment authorised');
  await journey.shot(page, 'buyer', 'payment authorised');
  return dueCents;
}

/** From the payment's success screen: the government-ID check in the widget, then the e-signature service's page. */
export async function buyerSigns(page: Page, journey: Journey) {
  await page.getByRole('link', { name: 'Next: sign your documents' }).click();
  // One press leads to the ID check, through the flow's in-between status where it has one.
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('heading', { name: 'Check your ID before signing' })).toBeVisible();
  await journey.shot(page, 'buyer', 'ID check');
  await checksId(page, 'Approve verification');
  await journey.waitsFor('buyer', page.getByRole('heading', { name: 'Sign your documents' }), 'ID checked', { sandbox: true });
  await journey.shot(page, 'buyer', 'sign your documents');
  await signOnProvidersPage(page, 'seller', true);
}

/**
 * The seller signs on the e-signature service's page and is taken home (SPEC §4.2), where the
 * inspection the sale still waits on is their turn; the buyer's open screen reads "Everyone has
 * signed" once the service has collected both signatures.
 */
export async function sellerSignsAndIsLedOn(seller: Page, buyer: Page, journey: Journey) {
  await signOnProvidersPage(seller, 'buyer', true);
  // Home, where the inspection is their turn; or, when the signing service's "completed" reached the API before
  // this browser reported the signature (the API then records it from the envelope), the transaction, which follows
  // the sale on to the inspection by itself.
  const home = seller.getByRole('link', { name: 'Inspect the car — 2005 Buick' });
  const inspection = seller.getByRole('heading', { name: 'Inspect your car (optional)' });
  const onward = home
    .or(seller.getByRole('link', { name: 'Inspect the car', exact: true }))
    .or(inspection)
    .first();
  await journey.waitsFor('seller', onward, 'seller signed, led to the inspection');
  // The notice says the buyer signed first, so the signed copies follow; or the signing step, read back, says when
  // they signed; or the transaction has already moved the seller on to the inspection.
  const buyerSigned = seller.getByText('The buyer signed already').or(seller.getByRole('term').filter({ hasText: 'The buyer signed' }));
  await expect(buyerSigned.or(inspection).first()).toBeVisible();
  await journey.shot(seller, 'seller', 'signed, the inspection is next');
  await journey.waitsFor('buyer', buyer.getByRole('heading', { name: 'Everyone has signed' }), 'signatures collected', {
    timeout: 60_000,
    sandbox: true,
  });
  // The notice after signing said the buyer waited for the seller: it is gone once that is no longer so.
  await expect(buyer.getByText('We will send you the signed copies once the seller has signed')).toHaveCount(0);
  await journey.shot(buyer, 'buyer', 'everyone has signed');
  if (!(await inspection.isVisible())) {
    await home
      .or(seller.getByRole('link', { name: 'Inspect the car', exact: true }))
      .first()
      .click();
  }
  await journey.waitsFor('seller', inspection, 'inspection');
  await journey.shot(seller, 'seller', 'inspection');
}

/** The seller photographs the car, points out a dent, reads the inspection service's report and is done. */
export async function sellerInspects(page: Page, journey: Journey) {
  const shots = { front: 'front.jpg', back: 'back-scratch.jpg', 'driver side': 'driver.jpg', 'passenger side': 'passenger.jpg' };
  for (const [area, file] of Object.entries({ ...shots, interior: 'interior.jpg', odometer: 'odometer.jpg', tyres: 'tyre.jpg' }))
    await page.getByLabel(`Inspection: ${area}: choose files`).setInputFiles(photo(file));
  await journey.waitsFor('seller', page.getByRole('status').filter({ hasText: '7 of 7 photos done' }), 'inspection photos uploaded');
  await page.getByLabel('Damage photos: choose files').setInputFiles(photo('door-dent.jpg'));
  await page.getByRole('textbox', { name: 'What is in door-dent.jpg?' }).fill('A dent in the driver door');
  await journey.shot(page, 'seller', 'inspection photos');
  await page.getByRole('button', { name: 'Send for the report' }).click();
  await journey.waitsFor('seller', page.getByRole('heading', { name: 'Your inspection is ready' }), 'inspection report', {
    sandbox: true,
  });
  await journey.shot(page, 'seller', 'inspection report');
  await page.getByRole('button', { name: 'Done' }).click();
  await journey.waitsFor('seller', page.getByRole('heading', { name: 'Your steps are done' }), 'inspection done');
}

/** The rest of the seller's payout as "What happens next" says it: waiting, or (`moved`) on its way or paid. */
const restOfPayout = (page: Page, moved: boolean) =>
  page
    .getByText(
      moved
        ? /the rest, \$[\d,.]+, is (on its way to your bank|paid)|Your payout is paid: /
        : /the rest, \$[\d,.]+, (when the buyer confirms delivery|once the car is handed over)/,
    )
    .first();

/**
 * The seller's steps are done, but the sale is not closed until the car is handed over and the buyer
 * confirms it: their open screen says what the sale waits for, and that the rest of their payout waits.
 */
export async function sellerWaitsForDelivery(seller: Page, journey: Journey) {
  await expect(seller.getByRole('heading', { name: 'Your steps are done' })).toBeVisible();
  await expect(seller.getByRole('heading', { name: 'Your sale is closed' })).toHaveCount(0);
  await expect(restOfPayout(seller, false)).toBeVisible();
  await journey.shot(seller, 'seller', 'waiting for delivery');
}

/** Once the buyer confirms delivery, the seller's open screen follows by itself: confirmed, the rest of the payout released, the sale closed. */
export async function sellerSeesClosed(seller: Page, journey: Journey) {
  await journey.followsWithin5s(
    'seller',
    seller.getByText('The buyer confirmed the car is as described').first(),
    'the seller sees delivery confirmed',
  );
  await journey.followsWithin5s('seller', seller.getByRole('heading', { name: 'Your sale is closed' }), 'the seller sees the sale closed');
  await expect(restOfPayout(seller, true)).toBeVisible();
  await journey.shot(seller, 'seller', 'closed');
}

/**
 * Once every movement of the party's money is done (the vendor delivers the car, the banks settle:
 * the sandboxes' own pace), their money list: it must add up to what they agreed, and Caramel holds
 * nothing of it any more.
 */
export async function settledMoney(page: Page, journey: Journey, party: string, rows: number) {
  const started = Date.now();
  await expect
    .poll(async () => (await moneyOf(page)).filter((row) => row.status === 'Done').length, { timeout: 90_000 })
    .toBeGreaterThanOrEqual(rows);
  journey.sandboxWait(party, 'money settled', Date.now() - started);
  await expect(page.getByText(/Caramel holds \$0:/)).toBeVisible();
  await journey.shot(page, party, 'money settled');
  return moneyOf(page);
}
