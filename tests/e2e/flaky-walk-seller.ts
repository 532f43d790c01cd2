/**
 * The seller's side of the flaky-connection sale (flaky-walk.ts): identity, title, payout account,
 * waiting on the buyer to pay and sign, the self-inspection — each named point of
 * flaky-schedule.ts in its place.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { addressKept, followsOn, heading, pending, press, textbox, uploads, waits, type Sale } from './flaky-walk';
import { centsOf, linkBankOnHostedPage } from './sale-helpers';
import { fillAddress, photo, verifyInWidget } from './transaction-helpers';

/** From the deal to the seller's payout account: identity, address, reports, title photos, the car's photos, the title desk, the bank. */
export async function sellerToPayout({ seller, flaky }: Sale) {
  await expect(heading(seller.page, 'Verify your identity')).toBeVisible();
  await flaky.at(seller, 'before the seller verifies their identity', { screen: (page) => heading(page, 'Verify your identity') });
  await verifyInWidget(seller.page, 'Approve verification');
  await expect(heading(seller.page, 'Enter your home address')).toBeVisible();
  const home = { line1: '12 Elm St', city: 'Portland', state: 'OR', postalCode: '97201' };
  await flaky.at(seller, 'while the seller types their home address', {
    screen: (page) => heading(page, 'Enter your home address'),
    act: (page) => fillAddress(page, home),
    typed: [home.line1, home.city],
    kept: (page) => addressKept(page, home),
  });
  await seller.page.getByRole('button', { name: 'Confirm address' }).click();
  await expect(heading(seller.page, 'Where is the car?')).toBeVisible();
  await flaky.at(seller, 'when the seller finishes the identity step', {
    screen: (page) => heading(page, 'Where is the car?'),
    act: (page) => press(page, 'Finish identity step', heading(page, "Your vehicle's reports")),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(heading(seller.page, "Your vehicle's reports")).toBeVisible();
  await seller.page.getByRole('button', { name: 'Continue to title' }).click();
  await expect(heading(seller.page, 'Your title')).toBeVisible();
  await seller.page.getByRole('button', { name: 'No, I own it outright' }).click();
  await uploads(seller, flaky, 'mid-upload of the title photos', {
    'Front of the title': 'title-front.jpg',
    'Back of the title': 'title-back.jpg',
  });
  await seller.page.getByRole('radio', { name: 'Yes' }).check();
  await flaky.at(seller, 'when the seller sends the title photos', {
    screen: (page) => page.getByRole('button', { name: 'Send the title photos' }),
    held: (page) => expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked(),
    act: (page) => press(page, 'Send the title photos', heading(page, 'The VIN plate and the odometer')),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(heading(seller.page, 'The VIN plate and the odometer')).toBeVisible();
  await uploads(seller, flaky, 'mid-upload of the car photos', { 'VIN plate photo': 'vin-plate.jpg', 'Odometer photo': 'odometer.jpg' });
  const reading = (page: Page) => textbox(page, 'Odometer reading (miles)');
  await flaky.at(seller, 'while the seller types the odometer reading', {
    screen: reading,
    act: (page) => reading(page).fill('84,100'),
    typed: ['84,100'],
    kept: (page) => expect(reading(page)).toHaveValue('84,100'),
  });
  await flaky.at(seller, 'when the seller sends the car photos', {
    screen: (page) => page.getByRole('button', { name: 'Send for review' }),
    held: (page) => expect(reading(page)).toHaveValue('84,100'),
    act: (page) =>
      press(page, 'Send for review', heading(page, 'Our title desk is checking your documents').or(heading(page, 'Your payout'))),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  const checked = await flaky.at(seller, 'while the title desk checks', { screen: (page) => page.getByRole('main') });
  await followsOn(seller.page, checked, heading(seller.page, 'Your payout'), 'Go to payment');
  const payoutCents = centsOf(
    (await seller.page
      .getByRole('row', { name: /^You'll be paid/ })
      .getByRole('cell')
      .textContent())!,
  );
  await flaky.at(seller, 'when the seller accepts the payout', {
    screen: (page) => page.getByRole('button', { name: 'This looks right' }),
    act: (page) => press(page, 'This looks right', heading(page, 'Where should we pay you?')),
    kept: (page) => expect(pending(page)).toBeVisible(),
  });
  await expect(heading(seller.page, 'Where should we pay you?')).toBeVisible();
  await linkBankOnHostedPage(seller.page, 'user_good');
  const account = (page: Page) => page.getByRole('radio', { name: /First Platypus Bank.*6789/ });
  await account(seller.page).check();
  await flaky.at(seller, 'when the seller chooses the payout account', {
    screen: account,
    act: async (page) => {
      await account(page).check();
      await press(page, 'Use this account', heading(page, 'Payout account saved'));
    },
    // A success screen: the choice it shows is kept on the phone, and it says the server does not have it yet.
    kept: async (page) => {
      await expect(heading(page, 'Payout account saved')).toBeVisible();
      await expect(page.getByText('Not confirmed yet.')).toBeVisible();
    },
  });
  await expect(seller.page.getByText('Your payout goes to First Platypus Bank Everyday Checking ••6789.')).toBeVisible();
  await seller.page.getByRole('link', { name: 'Next: sign your documents' }).click();
  return payoutCents;
}

/** The seller, on their signing page, waits for the buyer's payment: the page offers the documents by itself. */
export async function sellerWaitsToSign(sale: Sale) {
  const { seller } = sale;
  await expect(
    seller.page
      .getByText('Your documents are made once the buyer has finished their payment step')
      .or(seller.page.getByRole('button', { name: 'Review and sign' })),
  ).toBeVisible();
  await waits(sale, 'seller', 'while the seller waits for the buyer to pay');
}

/** The seller's self-inspection: seven photos, a dent described, the report read. */
export async function sellerInspects({ seller, flaky }: Sale) {
  const page = () => seller.page;
  await expect(heading(page(), 'Inspect your car (optional)')).toBeVisible();
  const shots = {
    front: 'front.jpg',
    back: 'back-scratch.jpg',
    'driver side': 'driver.jpg',
    'passenger side': 'passenger.jpg',
    interior: 'interior.jpg',
    odometer: 'odometer.jpg',
    tyres: 'tyre.jpg',
  };
  const [first, ...rest] = Object.entries(shots);
  await uploads(seller, flaky, 'mid-upload of the inspection photos', { [`Inspection: ${first![0]}`]: first![1] });
  for (const [area, file] of rest) await page().getByLabel(`Inspection: ${area}: choose files`).setInputFiles(photo(file));
  await expect(page().getByRole('status').filter({ hasText: '7 of 7 photos done' })).toBeVisible({ timeout: 30_000 });
  await page().getByLabel('Damage photos: choose files').setInputFiles(photo('door-dent.jpg'));
  // What the photo shows is asked once it is in.
  await expect(page().getByRole('listitem', { name: 'door-dent.jpg' }).getByText('Uploaded')).toBeVisible({ timeout: 30_000 });
  const note = (page: Page) => textbox(page, 'What is in door-dent.jpg?');
  await flaky.at(seller, 'while the seller describes the damage', {
    screen: note,
    act: (page) => note(page).fill('A dent in the driver door'),
    typed: ['A dent in the driver door'],
    kept: (page) => expect(note(page)).toHaveValue('A dent in the driver door'),
  });
  await page().getByRole('button', { name: 'Send for the report' }).click();
  await expect(heading(page(), 'Your inspection is ready')).toBeVisible({ timeout: 30_000 });
  await page().getByRole('button', { name: 'Done' }).click();
  await expect(heading(page(), 'Your steps are done')).toBeVisible();
}
