/**
 * Offers between two people in two browser contexts against the real stack: a seller starts a
 * sale and shares the link, an anonymous buyer counters with an e-mail, the seller accepts,
 * and the buyer's new account picks up the deal. A decline asks for confirmation first.
 */
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { codeSentTo, enterCode, signedInUser, submitDetails, uniqueEmail } from './identity-helpers';

const VIN = '1G4AH59H45G118341';

async function startSale(page: Page): Promise<string> {
  await page.goto('/start-sale');
  await page.getByRole('textbox', { name: /VIN/ }).fill(VIN);
  await expect(page.getByText('2005 Buick')).toBeVisible();
  await page.getByRole('textbox', { name: 'Mileage' }).fill('84000');
  await page.getByRole('textbox', { name: 'Asking price' }).fill('6500');
  await expectNoSeriousAxeViolations(page, 'start a sale');
  await page.getByRole('button', { name: 'Send offer' }).click();
  await expect(page.getByRole('heading', { name: 'Your offer is out' })).toBeVisible();
  return page.getByRole('textbox', { name: 'Link to share' }).inputValue();
}

async function anonymousCounter(browser: Browser, baseURL: string, link: string, email: string, amount: string) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL }]);
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'An offer to sell you a 2005 Buick' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept $6,500' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'shared offer');
  await page.getByRole('button', { name: 'Make a counteroffer' }).click();
  await page.getByRole('textbox', { name: 'Your counteroffer' }).fill(amount);
  await page.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send counteroffer' }).click();
  await expect(page.getByRole('heading', { name: 'Seller notified' })).toBeVisible();
  return page;
}

test('a shared link, a counteroffer by e-mail, an accept, and the buyer’s new account picks up the deal', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  await signedInUser(page, request, '/dashboard');
  const link = await startSale(page);
  expect(new URL(link).pathname).toBe('/deals');

  const buyerEmail = uniqueEmail('buyer');
  const buyer = await anonymousCounter(browser, baseURL!, link, buyerEmail, '6000');
  await expect(buyer.getByRole('dialog', { name: 'Keep track of this deal' })).toBeVisible();
  await buyer.keyboard.press('Escape');

  await page.goto('/dashboard/caramel-offers');
  const received = page.getByRole('region', { name: /Waiting for your answer/ });
  const accept = received.getByRole('button', { name: 'Accept $6,000' });
  await expect(accept).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'offers dashboard');
  await accept.click();
  await expect(page.getByRole('heading', { name: 'You made a deal' })).toBeVisible();
  await expect(page.getByText('The 2005 Buick for $6,000.')).toBeVisible();

  // The buyer creates an account with the same e-mail: the deal is theirs once it is verified.
  await buyer.getByRole('link', { name: 'Create an account' }).first().click();
  await buyer.getByRole('textbox', { name: 'Email' }).fill(buyerEmail);
  await buyer.getByLabel('Password', { exact: true }).fill('Buyer!Pass42');
  await buyer.getByRole('checkbox', { name: /I agree/ }).check();
  const sentAfter = new Date().toISOString();
  await buyer.getByRole('button', { name: 'Create account' }).click();
  await enterCode(buyer, await codeSentTo(request, buyerEmail, sentAfter));
  await buyer.getByRole('button', { name: 'Confirm e-mail' }).click();
  await submitDetails(buyer, { firstName: 'Blake', lastName: 'Ferris', mobile: '4155550177' });
  await buyer.getByRole('link', { name: 'Skip for now' }).click();
  await expect(buyer.getByText('Everything made for your e-mail address is in your account: 1 sale in progress.')).toBeVisible();
  await buyer.getByRole('link', { name: 'Go to your offers' }).click();
  await expect(buyer.getByRole('region', { name: /Closed/ }).getByText('Accepted — you made a deal')).toBeVisible();
  await buyer.context().close();
});

test('declining asks for confirmation, then ends the negotiation', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(60_000);
  await signedInUser(page, request, '/dashboard');
  const link = await startSale(page);
  const buyer = await anonymousCounter(browser, baseURL!, link, uniqueEmail('lowball'), '2000');
  await buyer.context().close();

  // The seller's notice (as its push and its mail) opens that offer, marked and focused, not just the list.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'A counteroffer of $2,000' }).click();
  await expect(page).toHaveURL(/\/dashboard\/caramel-offers\?offer=/);
  await expect(page.locator('li[aria-current="true"]')).toBeFocused();
  await expect(page.locator('li[aria-current="true"]')).toContainText('The offer you opened');
  const received = page.getByRole('region', { name: /Waiting for your answer/ });
  await received.getByRole('button', { name: 'Decline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Decline this offer?' });
  await expect(dialog).toContainText('Declining $2,000 ends this negotiation');
  await dialog.getByRole('button', { name: 'Keep negotiating' }).click();
  await expect(dialog).toBeHidden();
  await received.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('dialog', { name: 'Decline this offer?' }).getByRole('button', { name: 'Decline offer' }).click();
  await expect(page.getByRole('region', { name: /Closed/ }).getByText('Declined')).toBeVisible();
  await expect(page.getByRole('region', { name: /Waiting for your answer/ })).toContainText('No offers are waiting for you.');
});

test('a link the seller turned off, or an unknown one, shows the expired-link screen', async ({ page, browser, baseURL, request }) => {
  await signedInUser(page, request, '/dashboard');
  const link = await startSale(page);
  await page.goto('/dashboard/caramel-offers');
  await page
    .getByRole('region', { name: /Waiting for the other side/ })
    .getByRole('button', { name: 'Turn off shared links' })
    .click();
  await expect(page.getByText('Shared links for this offer are turned off.')).toBeVisible();

  const visitor = await (await browser.newContext({ baseURL })).newPage();
  for (const url of [link, `/deals?token=${'x'.repeat(43)}`]) {
    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
    await expect(visitor.getByText('Ask the person who shared it for a new one.')).toBeVisible();
  }
  await visitor.getByRole('link', { name: 'Return to the homepage' }).click();
  await expect(visitor).toHaveURL(/\/$/);
  await visitor.context().close();
});

test('an anonymous visitor starting a sale keeps the draft through sign-up', async ({ page }) => {
  await page.goto('/start-sale');
  await page.getByRole('textbox', { name: /VIN/ }).fill('1G4AH59H46G118341');
  await page.getByRole('textbox', { name: 'Mileage' }).fill('84000');
  await page.getByRole('textbox', { name: 'Asking price' }).fill('-5');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('This VIN does not add up; check each character')).toBeVisible();
  await expect(page.getByText('Enter the price in whole dollars, such as 12500')).toBeVisible();
  await page.getByRole('textbox', { name: /VIN/ }).fill(VIN);
  await page.getByRole('textbox', { name: 'Asking price' }).fill('6500');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/sign-up\?returnTo=%2Fstart-sale$/);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('caramel.ungatedProcess') ?? 'null'));
  expect(saved).toMatchObject({ kind: 'start-sale', draft: { vin: VIN, mileage: '84000', amount: '6500', role: 'seller' } });
});
