/**
 * What a user typed and has not sent survives a reload, a tab that dies and a restart offline
 * (kept in IndexedDB); it is gone once sent, and at sign-out, for the next person on the device.
 */
import type { Page } from '@playwright/test';
import { storedRecords } from './device-records';
import { expect, test, readyOffline } from './fixtures';
import { signedInUser, signInThroughForm } from './identity-helpers';

// Goes offline: its pages come from the service worker, as in an installed app.
test.use({ serviceWorkers: 'allow' });

const OFFER_FORM = '/transaction/information/create';

async function fillOffer(page: Page) {
  await page.getByRole('textbox', { name: 'Seller’s e-mail or Caramel code' }).fill('dana@example.com');
  await page.getByRole('textbox', { name: 'Year' }).fill('2005');
  await page.getByRole('textbox', { name: 'Make' }).fill('Buick');
  await page.getByRole('textbox', { name: 'Model' }).fill('LeSabre');
  await page.getByRole('textbox', { name: 'Mileage' }).fill('84,000');
}

/**
 * Waits until the offer's draft on the device holds `mileage`. It is written as the field changes, a moment after
 * the keystroke; a reload or a closed tab in that same moment — quicker than a person can — would meet it unwritten.
 */
async function draftHolds(page: Page, mileage: string) {
  const kept = async () =>
    (await storedRecords<{ key: string; values: { mileage?: string } }>(page, 'caramel', 'drafts')).find(
      (draft) => draft.key === 'offer-new',
    )?.values.mileage;
  await expect.poll(kept).toBe(mileage);
}

async function expectOffer(page: Page, mileage: string) {
  await expect(page.getByRole('textbox', { name: 'Seller’s e-mail or Caramel code' })).toHaveValue('dana@example.com');
  await expect(page.getByRole('textbox', { name: 'Make' })).toHaveValue('Buick');
  await expect(page.getByRole('textbox', { name: 'Model' })).toHaveValue('LeSabre');
  await expect(page.getByRole('textbox', { name: 'Mileage' })).toHaveValue(mileage);
}

test('a half-filled offer survives a reload, a closed tab and a restart offline; signing out forgets it', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await signedInUser(page, request, OFFER_FORM);
  await readyOffline(page);
  await fillOffer(page);
  await draftHolds(page, '84,000');

  await page.reload();
  await expectOffer(page, '84,000');

  // The tab dies without a chance to save anything more; another one opens the form.
  await page.getByRole('textbox', { name: 'Mileage' }).fill('85,500');
  await draftHolds(page, '85,500');
  const next = await context.newPage();
  await page.close({ runBeforeUnload: false });
  await context.setOffline(true);
  await next.goto(OFFER_FORM);
  await expectOffer(next, '85,500');
  await context.setOffline(false);

  await next.getByRole('link', { name: 'Sign out' }).click();
  await expect(next.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await next.goto(`/sign-in?returnTo=${encodeURIComponent(OFFER_FORM)}`);
  await signInThroughForm(next, user.email, user.password);
  await expect(next.getByRole('heading', { name: 'Make an offer to buy' })).toBeVisible();
  await expect(next.getByRole('textbox', { name: 'Make' })).toHaveValue('');
  await expect(next.getByRole('textbox', { name: 'Mileage' })).toHaveValue('');
});

test('a sent offer leaves no draft behind', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signedInUser(page, request, OFFER_FORM);
  await fillOffer(page);
  await page.getByRole('textbox', { name: 'Your offer' }).fill('6,500');
  await page.getByRole('button', { name: 'Send offer' }).click();
  await expect(page).not.toHaveURL(new RegExp(`${OFFER_FORM}$`));
  await page.goto(OFFER_FORM);
  await expect(page.getByRole('textbox', { name: 'Year' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Make' })).toHaveValue('');
});

test('a sale half typed on /start-sale comes back after a reload offline, and is gone once sent', async ({ page, context, request }) => {
  test.setTimeout(60_000);
  await signedInUser(page, request, '/start-sale');
  await readyOffline(page);
  await page.getByRole('textbox', { name: /VIN/ }).fill('1G4AH59H45G118341');
  await page.getByRole('textbox', { name: 'Asking price' }).fill('18500');
  await expect
    .poll(
      async () =>
        (await storedRecords<{ key: string; values: { vin?: string } }>(page, 'caramel', 'drafts')).find(
          (draft) => draft.key === 'start-sale',
        )?.values.vin,
    )
    .toBe('1G4AH59H45G118341');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('textbox', { name: /VIN/ })).toHaveValue('1G4AH59H45G118341');
  await expect(page.getByRole('textbox', { name: 'Asking price' })).toHaveValue(/^18,?500$/);
  await context.setOffline(false);

  await page.getByRole('textbox', { name: 'Mileage' }).fill('84000');
  await page.getByRole('button', { name: 'Send offer' }).click();
  await expect(page.getByRole('heading', { name: 'Your offer is out' })).toBeVisible();
  await page.goto('/start-sale');
  await expect(page.getByRole('textbox', { name: /VIN/ })).toHaveValue('');
});
