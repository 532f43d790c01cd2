import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

async function freshPage(browser: import('@playwright/test').Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

const trackingCookie = async (context: import('@playwright/test').BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'CaramelDoNotTrack');

test('first visit asks once; accepting stores false', async ({ browser, baseURL }) => {
  const { context, page } = await freshPage(browser, baseURL);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Privacy choices' });
  await expect(banner).toBeVisible();
  expect(await trackingCookie(context)).toBeUndefined();
  const serious = (await new AxeBuilder({ page }).include('.consent-banner').analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious).toEqual([]);
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  expect(await trackingCookie(context)).toMatchObject({ value: 'false', path: '/' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toBeHidden();
  await context.close();
});

test('rejecting stores true for a year and the question is not asked again', async ({ browser, baseURL }) => {
  const { context, page } = await freshPage(browser, baseURL);
  await page.goto('/');
  await page.getByRole('region', { name: 'Privacy choices' }).getByRole('button', { name: 'Reject' }).click();
  const cookie = await trackingCookie(context);
  expect(cookie?.value).toBe('true');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Privacy choices' })).toBeHidden();
  await context.close();
});

test('a notice shown while the privacy question is asked rises above it, not under it', async ({ browser, baseURL }) => {
  const { context, page } = await freshPage(browser, baseURL);
  // A window shorter than the page: the question rides the bottom of the screen, where notices come in.
  await page.setViewportSize({ width: 1280, height: 360 });
  await page.goto('/component-library/snackbar');
  const banner = page.getByRole('region', { name: 'Privacy choices' });
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Success' }).click();
  const toast = page.getByRole('region', { name: 'Notifications' }).getByText('Offer sent to the buyer.');
  await expect(toast).toBeVisible();
  const [toastBox, bannerBox] = [await toast.boundingBox(), await banner.boundingBox()];
  expect(bannerBox!.y + bannerBox!.height).toBe(360);
  expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(bannerBox!.y);
  await context.close();
});
