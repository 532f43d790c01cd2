/**
 * Applying to the dealer programme in Chromium on the real stack: a visitor on /dealers presses
 * "Apply to join the dealer programme", signs in and comes back to the form, and applies; the
 * shared admin, on /dashboard/dealers, declines it with a reason in the dialog; the applicant's open
 * page shows the reason without a reload and the form again with what they sent; they correct it
 * and send it again, which the admin's open page lists by itself; the admin approves, the dealer
 * appears in the list below, and the applicant's open page shows the approval, whose link leads to
 * dealer financing. Screenshots at 375 and 1280 px.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, keepScreenshot, test } from './fixtures';
import { firstSignIn, sharedAdminSignedIn } from './identity-helpers';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await keepScreenshot(page, `${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A mark on the page's window: still there after a change, the page was not reloaded. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test('a visitor applies from /dealers; the admin declines with a reason, then approves the corrected application; the applicant’s open page follows', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  const dealership = `Hill Country Autos ${randomUUID().slice(0, 4)}`;

  // Signed out: the call to action leads through sign-in and back to the form.
  await page.goto('/dealers');
  await page.getByRole('link', { name: 'Apply to join the dealer programme' }).click();
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fdealers%2Fapply$/);
  const applicant = await firstSignIn(page, request);
  await expect(page).toHaveURL(/\/dealers\/apply$/);
  await expect(page.getByRole('heading', { name: 'Apply to join the dealer programme', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Dealership name' }).fill(dealership);
  await page.getByRole('textbox', { name: 'Dealer licence number' }).fill('tx-8821');
  await page.getByRole('textbox', { name: 'Street address' }).fill('400 W Main St');
  await page.getByRole('textbox', { name: 'City' }).fill('Fredericksburg');
  await page.getByLabel('State').selectOption('TX');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('78624');
  await page.getByRole('textbox', { name: 'Dealership phone' }).fill('8305550142');
  await page.getByRole('textbox', { name: 'Anything we should know (optional)' }).fill('Family-run lot since 1998.');
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'application-form');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('We are reviewing your application', { exact: true })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '(830) 555-0142' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send application' })).toHaveCount(0);
  await shoot(page, 'application-pending');
  await markPage(page);

  // The admin, in a browser of their own, declines it with a reason.
  const adminContext = await browser.newContext({ baseURL });
  await adminContext.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL! }]);
  const admin = await adminContext.newPage();
  await sharedAdminSignedIn(admin, '/dashboard/dealers', 'Dealers');
  const waiting = admin.getByRole('list', { name: 'Applications waiting' });
  const first = waiting.getByRole('listitem', { name: dealership });
  await expect(first).toContainText('TX-8821');
  await expect(first).toContainText('Robin Okafor');
  await expect(first).toContainText(applicant.email);
  await expect(first).toContainText('400 W Main St, Fredericksburg, TX 78624');
  await expect(first).toContainText('Family-run lot since 1998.');
  await expectNoSeriousAxeViolations(admin);
  await shoot(admin, 'admin-applications');
  await first.getByRole('button', { name: 'Decline' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Decline this application?' });
  await dialog.getByRole('button', { name: 'Decline application' }).click();
  await expect(dialog.getByText('Say why the application is declined')).toBeVisible();
  const reason = 'Texas lists licence TX-8821 under another name. Send the number on your own licence.';
  await dialog.getByRole('textbox', { name: 'Why is it declined?' }).fill(reason);
  await expectNoSeriousAxeViolations(admin);
  await shoot(admin, 'admin-decline-dialog');
  await dialog.getByRole('button', { name: 'Decline application' }).click();
  await expect(dialog).toBeHidden();
  await expect(first).toHaveCount(0);
  await expect(admin.getByRole('list', { name: 'Recently decided' }).getByText(reason, { exact: false })).toBeVisible();

  // The applicant's open page shows the reason, and the form again with what they sent.
  await expect(page.getByText(`Your application for ${dealership} was declined`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(reason, { exact: false })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Dealership name' })).toHaveValue(dealership);
  await shoot(page, 'application-declined');
  await page.getByRole('textbox', { name: 'Dealer licence number' }).fill('TX-48213');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('We are reviewing your application', { exact: true })).toBeVisible();

  // The admin's open page lists the new application by itself; approving adds the dealer below.
  const second = waiting.getByRole('listitem', { name: dealership });
  await expect(second).toContainText('TX-48213', { timeout: 15_000 });
  await second.getByRole('button', { name: 'Approve' }).click();
  await expect(second).toHaveCount(0);
  await expect(admin.getByRole('list', { name: 'Dealers' }).getByText(applicant.email, { exact: false })).toBeVisible();
  await adminContext.close();

  // The applicant's page follows without a reload, and leads to dealer financing.
  await expect(page.getByText('Your application is approved', { exact: true })).toBeVisible({ timeout: 15_000 });
  expect(await notReloaded(page)).toBe(true);
  await expectNoSeriousAxeViolations(page);
  await shoot(page, 'application-approved');
  await page.getByRole('link', { name: 'Go to dealer financing' }).click();
  await expect(page.getByRole('heading', { name: 'Dealer financing', level: 1 })).toBeVisible();
});
