/**
 * Partner keys in Chromium on the real stack (issue 22): an admin makes a listing site's key with
 * payment-first terms on /dashboard/partner-keys, reads and copies it once, the key sends a deal
 * to the partner API, and once the admin revokes it (by keyboard, after confirming) it is refused.
 * The admin is the one global-setup.ts put in the admin group, so this test writes no group.
 */
import { randomUUID } from 'node:crypto';
import { expectNoSeriousAxeViolations } from './axe';
import { expect, keepScreenshot, test } from './fixtures';
import { sharedAdminSignedIn, uniqueEmail } from './identity-helpers';

const deal = () => ({
  idempotencyKey: `e2e-${randomUUID()}`,
  partnerUid: 'AU-501',
  vehicle: { vin: '1G4AH59H45G118341', mileage: 84_000 },
  sellerEmail: uniqueEmail('seller'),
  buyerEmail: uniqueEmail('buyer'),
  priceDollars: 18_500,
});

test('an admin makes a partner key, reads it once, and revokes it: the key works until then', async ({ page, request, baseURL }) => {
  test.setTimeout(60_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.context().addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: baseURL! }]);
  await sharedAdminSignedIn(page, '/dashboard/partner-keys', 'Partner keys');
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Partner keys' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dealers' })).toBeVisible();

  const label = `Auctions ${randomUUID().slice(0, 6)}`;
  await page.getByRole('button', { name: 'Make key' }).click();
  await expect(page.getByText('Choose the listing site the key is for')).toBeVisible();
  await page.getByLabel('Listing site').selectOption({ label: 'The auction site' });
  await page.getByRole('textbox', { name: 'Label' }).fill(label);
  await page.getByLabel('The buyer pays first, then signs').check();
  await page.getByRole('button', { name: 'Make key' }).click();

  const made = page.getByRole('region', { name: `New key for The auction site: ${label}` });
  await expect(made.getByRole('heading')).toBeFocused();
  await expect(made.getByText('Copy this key now: you will not see it again.')).toBeVisible();
  const key = await made.getByRole('textbox', { name: 'Partner key' }).inputValue();
  expect(key).toMatch(/^cpk_/);
  await made.getByRole('button', { name: 'Copy key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const row = page.getByRole('list', { name: 'Partner keys' }).getByRole('listitem').filter({ hasText: label });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('the buyer pays first, then signs');
  await expectNoSeriousAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await keepScreenshot(page, `partner-key-made-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const sent = await request.post('/api/partner/deals', { headers: { authorization: `Bearer ${key}` }, data: deal() });
  expect(sent.status()).toBe(201);
  expect((await sent.json()).buyerPaysFirst).toBe(true);

  // Shown once: gone when the admin is done with it, and not in the page after a reload.
  await made.getByRole('button', { name: 'I have copied it' }).click();
  await expect(made).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(key);

  // By keyboard: Escape keeps the key, Enter on the confirmation revokes it.
  await row.getByRole('button', { name: `Revoke the key “${label}”` }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Revoke this key?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Active');
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Revoke key' }).focus();
  await page.keyboard.press('Enter');
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await keepScreenshot(page, `partner-key-revoked-${width}.png`);
  }

  const refused = await request.post('/api/partner/deals', { headers: { authorization: `Bearer ${key}` }, data: deal() });
  expect(refused.status()).toBe(401);
});
