/**
 * Choices made offline show in their step before the server has them: the loan, the protection
 * plan and the insurance answer are each queued offline, and each done step's read-only view shows
 * what was chosen, marked not confirmed — in the tab that acted and in a second tab. Back online,
 * each is applied once and the mark goes, without moving the step under it.
 */
import { expect, test, readyOffline } from './fixtures';
import { buyerApprovedForLoan } from './transaction-helpers';

// Goes offline: its pages come from the service worker, as in an installed app.
test.use({ serviceWorkers: 'allow' });

test('choices queued offline show in their read-only steps, in two tabs, and are applied once when back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { transactionId, bearer } = await buyerApprovedForLoan(page, request);
  await page.goto(`/transaction/financing?transaction=${transactionId}`);
  await expect(page.getByRole('heading', { name: "You're approved: choose a loan" })).toBeVisible();
  // The service worker is active before the connection drops, so pages still load offline.
  await readyOffline(page);
  const other = await context.newPage();
  await other.goto(`/transaction/financing?transaction=${transactionId}`);
  await expect(other.getByRole('heading', { name: "You're approved: choose a loan" })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Choose Summit Auto Finance' }).click();
  await expect(page.getByRole('heading', { name: 'Protect your car' })).toBeVisible();
  await page.getByRole('button', { name: 'Choose Caramel Care Plus' }).click();
  await expect(page.getByRole('heading', { name: 'Insure your new car' })).toBeVisible();
  await page.getByRole('button', { name: 'I already have insurance for this car' }).click();
  await page.getByRole('textbox', { name: 'Your insurance company (optional)' }).fill('Granite Insurance');
  await page.getByRole('button', { name: 'Skip insurance' }).click();
  await expect(page.getByText('3 actions pending · sends when you are back online')).toBeVisible();

  const progress = page.getByRole('navigation', { name: 'Transaction progress' });
  const readOnly = [
    ['Financing', /Financed by Summit Auto Finance/],
    ['Protection', /Caramel Care Plus: \$[\d,]+, 36 months/],
    ['Insurance', /You are insured with Granite Insurance/],
  ] as const;
  for (const [step, chosen] of readOnly) {
    await progress.getByRole('link', { name: new RegExp(`^${step}`) }).click();
    await expect(page.getByText(chosen)).toBeVisible();
    await expect(page.getByText('Not confirmed yet.')).toBeVisible();
  }
  // The other tab shares the device's saved copy: it shows the same choices, also not confirmed.
  for (const [step, chosen] of readOnly) {
    await other.goto(`/transaction/${step.toLowerCase()}?transaction=${transactionId}`);
    await expect(other.getByText(chosen)).toBeVisible();
    await expect(other.getByText('Not confirmed yet.')).toBeVisible();
  }

  // The mark sits below the step, so when it goes the step it marked holds still (a tap there lands where it was aimed).
  const [mark, step] = [await page.getByText('Not confirmed yet.').boundingBox(), await page.locator('main h1').boundingBox()];
  expect(mark!.y).toBeGreaterThan(step!.y);
  await context.setOffline(false);
  await expect(page.getByText(/action(s)? pending/)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText('Not confirmed yet.')).toHaveCount(0);
  await expect(page.getByText(/You are insured with Granite Insurance/)).toBeVisible();
  await expect(other.getByText('Not confirmed yet.')).toHaveCount(0);
  const detail = await (await request.get(`/api/transactions/${transactionId}`, { headers: { authorization: bearer } })).json();
  const events = detail.timeline.map((entry: { event: string }) => entry.event);
  for (const event of ['finance done', 'protection chosen', 'insurance skipped'])
    expect(events.filter((name: string) => name === event)).toEqual([event]);
  expect(detail.status).toBe('insurance_done');
  expect(detail.data).toMatchObject({ protection: { chosenPlanId: 'plus' }, insurance: { existingCarrier: 'Granite Insurance' } });
});
