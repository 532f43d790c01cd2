/**
 * Device first (issue 56): on a connection that is up but slower than this test is long — every API request held until
 * the test lets it go — a signed-in buyer taps through the dashboard and into their sale and sees each screen at once,
 * drawn from what the device holds, with its age ("Updated … · refreshing…"). A main button moves the address with
 * the screen, so a reload in that moment reopens the new step. When the answers come, the screens take them: the sale
 * the buyer's other device moved on opens at its current step.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { buyerWithDeal, identityDoneThroughApi } from './transaction-helpers';

/** Holds every request to the API until `release`: none is answered, none fails. */
async function holdTheApi(page: Page) {
  const held: Route[] = [];
  await page.route('**/api/**', (route) => void held.push(route));
  return {
    held,
    async release() {
      await page.unroute('**/api/**');
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

const ageLine = (page: Page) => page.getByRole('status').filter({ hasText: /^Updated .+ · refreshing…$/ });
const menu = (page: Page, name: string) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true });

test('with every API request held, each screen draws at once from the device with its age, and takes the answers when they come', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  // One visit to each screen, as on a phone that has used the app.
  for (const [path, shown] of [
    ['/dashboard', page.getByRole('heading', { name: 'Needs attention' })],
    ['/dashboard/caramel-offers', page.getByRole('heading', { name: /^Closed/ })],
    ['/dashboard/active-transactions', page.getByRole('link', { name: 'Continue 2005 Buick' })],
  ] as const) {
    await page.goto(path);
    await expect(shown).toBeVisible();
    await expect(page.getByText(/^Updated just now$/)).toBeVisible();
  }

  const api = await holdTheApi(page);
  // The buyer finishes the identity step on another device: the server moves on, this phone cannot hear of it yet.
  await identityDoneThroughApi(request, bearer, transactionId);

  await menu(page, 'Offers').click();
  await expect(page.getByRole('heading', { name: /^Closed/ })).toBeVisible();
  await expect(ageLine(page)).toBeVisible();
  await menu(page, 'Welcome').click();
  await expect(page.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
  await expect(ageLine(page)).toBeVisible();
  await menu(page, 'Active transactions').click();
  await expect(ageLine(page)).toBeVisible();
  await page.getByRole('link', { name: 'Continue 2005 Buick' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expect(ageLine(page)).toBeVisible();
  expect(api.held.length).toBeGreaterThan(0);

  // The answers come: the sale opens where it stands now.
  await api.release();
  await expect(page.getByRole('heading', { name: 'How will you pay?' })).toBeVisible();
  await expect(page).toHaveURL(/\/transaction\/financing\?transaction=/);
  await expect(page.getByText(/^Updated just now$/)).toBeVisible();

  // A main button with the API held again: the address moves with the screen, and a reload in that moment reopens the
  // new step, its action still waiting; it is applied once the API answers.
  const again = await holdTheApi(page);
  await page.getByRole('button', { name: 'I’ll pay cash' }).click();
  await expect(page.getByRole('heading', { name: 'Protect your car' })).toBeVisible();
  await expect(page).toHaveURL(/\/transaction\/protection\?transaction=/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Protect your car' })).toBeVisible();
  await again.release();
  const financing = async () => {
    const detail = await (await request.get(`/api/transactions/${transactionId}`, { headers: { authorization: bearer } })).json();
    return (detail.steps as { step: string; state: string }[]).find((step) => step.step === 'financing')?.state;
  };
  await expect.poll(financing).toBe('done');
  await expect(page.getByText(/^Updated just now$/)).toBeVisible();
});
