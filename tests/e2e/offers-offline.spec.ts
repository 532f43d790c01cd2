/**
 * The offers dashboard reads from the device: after one visit it opens offline with how old it
 * is, and a counteroffer made offline shows at once and is sent once when the connection is back.
 */
import { createConfirmedUser } from '../support/identity-admin';
import { expect, test, readyOffline } from './fixtures';
import { poolOf, signedInUser, uniqueEmail } from './identity-helpers';
import { idTokenOf } from './transaction-helpers';

// Goes offline: its pages come from the service worker, as in an installed app.
test.use({ serviceWorkers: 'allow' });

test('the offers dashboard reads offline with its age, and a counteroffer made offline is sent once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const buyer = await signedInUser(page, request, '/dashboard');
  const seller = await createConfirmedUser(await poolOf(request), uniqueEmail('seller'));
  const sellerBearer = `Bearer ${await idTokenOf(request, seller)}`;
  const sale = await (
    await request.post('/api/offers', {
      headers: { authorization: sellerBearer },
      data: { vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 }, amount: 6500, role: 'seller', counterpartyEmail: buyer.email },
    })
  ).json();
  await page.goto('/dashboard/caramel-offers');
  const received = page.getByRole('region', { name: /Waiting for your answer/ });
  await expect(received.getByRole('button', { name: 'Accept $6,500' })).toBeVisible();
  await readyOffline(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/Offline · showing what was saved (just now|\d+ minutes? ago)/)).toBeVisible();
  await expect(received.getByRole('button', { name: 'Accept $6,500' })).toBeVisible();

  await received.getByRole('button', { name: 'Counter' }).click();
  await received.getByRole('textbox', { name: 'Your counteroffer' }).fill('6,100');
  await received.getByRole('button', { name: 'Send counteroffer' }).click();
  const sent = page.getByRole('region', { name: /Waiting for the other side/ });
  await expect(sent.getByText('$6,100', { exact: true })).toBeVisible();
  await expect(sent.getByText('Your counteroffer: not sent yet · goes out when you are back online')).toBeVisible();
  await expect(received.getByText('No offers are waiting for you.')).toBeVisible();

  await context.setOffline(false);
  await expect(sent.getByText(/not sent yet/)).toHaveCount(0, { timeout: 15_000 });
  await expect(sent.getByText('$6,100', { exact: true })).toBeVisible();
  const seen = await (await request.get(`/api/offers/${sale.id}`, { headers: { authorization: sellerBearer } })).json();
  expect(seen.latestOffer).toMatchObject({ amount: 6100, fromRole: 'buyer' });
  expect(seen.timeline.filter((entry: { event: string }) => entry.event === 'countered')).toHaveLength(1);
});
