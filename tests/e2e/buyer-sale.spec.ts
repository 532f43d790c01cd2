/**
 * A buyer-started sale (issue 21) in two browser contexts: the buyer describes the seller's car
 * and offers, addressing the seller by their Caramel code; the seller sees it arrive, confirms
 * the car with its VIN and accepts; the buyer's screens follow live, and both reach the deal.
 */
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { firstSignIn, signedInUser } from './identity-helpers';

async function newSellerContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL }]);
  return context;
}

test('information → offer → the seller confirms the vehicle → deal', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const sellerContext = await newSellerContext(browser, baseURL!);
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto(`/sign-in?returnTo=${encodeURIComponent('/dashboard/caramel-code')}`);
  await firstSignIn(sellerPage, request);
  const code = (await sellerPage.getByLabel(/^Your code:/).textContent())!;
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expect(sellerPage.getByText('No one has used your code yet.')).toBeVisible();

  // The buyer, new here, starts from the welcome; the code typed the way people type it.
  await signedInUser(page, request, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible();
  await page.getByRole('link', { name: 'Make an offer to buy' }).click();
  await page.getByRole('textbox', { name: 'Seller’s e-mail or Caramel code' }).fill(code.replace('-', '').toLowerCase());
  await page.getByRole('textbox', { name: 'Year' }).fill('2005');
  await page.getByRole('textbox', { name: 'Make' }).fill('Buick');
  await page.getByRole('textbox', { name: 'Model' }).fill('LaCrosse');
  await page.getByRole('textbox', { name: 'VIN (optional)' }).fill('1G4AH59H45G118341');
  await page.getByRole('textbox', { name: 'Year' }).fill('2006');
  await page.getByRole('button', { name: 'Send offer' }).click();
  await expect(page.getByRole('textbox', { name: 'VIN (optional)' })).toHaveAccessibleDescription(/This VIN is for a 2005 model/);
  await page.getByRole('textbox', { name: 'VIN (optional)' }).fill('');
  await page.getByRole('textbox', { name: 'Year' }).fill('2005');
  await page.getByRole('textbox', { name: 'Mileage' }).fill('91,000');
  await page.getByRole('textbox', { name: 'Your offer' }).fill('7500');
  await page.getByRole('button', { name: 'Send offer' }).click();
  await expect(page).toHaveURL(/\/transaction\/information\?offer=/);
  await expect(page.getByText(/Your offer is with the seller/)).toBeVisible();

  // The vehicle registration address, saved as the buyer profile.
  await page.getByRole('textbox', { name: 'Legal first name' }).fill('Robin');
  await page.getByRole('textbox', { name: 'Legal last name' }).fill('Okafor');
  await page.getByLabel('Date of birth').fill('1990-03-14');
  await page.getByRole('textbox', { name: 'Street address' }).fill('1 Main St');
  await page.getByRole('textbox', { name: 'City' }).fill('Portland');
  await page.getByRole('combobox', { name: 'State' }).selectOption('OR');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('97201');
  await page.getByRole('button', { name: 'Save registration address' }).click();
  await expect(page.getByRole('region', { name: 'Vehicle registration address' })).toContainText(
    'Robin Okafor · 1 Main St, Portland, OR 97201',
  );

  // The seller's open code page learns of the offer without a reload; the overview says what to do.
  const started = sellerPage.getByRole('listitem').filter({ hasText: '2005 Buick LaCrosse' });
  await expect(started).toContainText('$7,500 · you are the seller · Open');
  await sellerPage.goto('/dashboard/overview');
  await expect(sellerPage.getByText('Confirm the car the buyer described, then answer their offer of $7,500.')).toBeVisible();
  await sellerPage.getByRole('link', { name: /^Confirm vehicle information/ }).click();
  await expect(sellerPage.getByRole('heading', { name: 'An offer for your car' })).toBeVisible();
  await expect(sellerPage.getByRole('textbox', { name: 'Model' })).toHaveValue('LaCrosse');
  await sellerPage.getByRole('textbox', { name: 'Model' }).fill('LaCrosse CXL');
  await sellerPage.getByRole('textbox', { name: 'VIN (vehicle identification number)' }).fill('1g4ah59h45g118341');
  await sellerPage.getByRole('button', { name: 'Confirm vehicle' }).click();
  await expect(sellerPage.getByText('The seller confirmed these details.')).toBeVisible();

  // The buyer's page follows: the car confirmed, with its VIN.
  await expect(page.getByText('The seller confirmed the car. Your offer waits for their answer.')).toBeVisible();
  await expect(page.getByText(/2005 Buick LaCrosse CXL · 91,000 miles · VIN 1G4AH59H45G118341/)).toBeVisible();
  await page.goto('/dashboard/caramel-offers');

  await sellerPage.getByRole('button', { name: 'Accept $7,500' }).click();
  await expect(sellerPage.getByRole('heading', { name: 'You made a deal' })).toBeVisible();

  // The answer appears in the buyer's offers dashboard as it is made; the deal leads to the transaction.
  await page.getByRole('link', { name: /Go to your deal/ }).click();
  await expect(page.getByRole('heading', { name: 'You made a deal' })).toBeVisible();
  await expect(page.getByText(/The 2005 Buick LaCrosse CXL for \$7,500/)).toBeVisible();
  await page.getByRole('link', { name: 'Continue to your transaction' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await sellerContext.close();
});
