/**
 * Deal messages (issue 33) between two people in their own browsers (the seller on a phone): a
 * conversation in which the seller is offline for a while (messages queued, sent once, in order),
 * a draft kept across a reload, a counteroffer made and accepted from the thread's cards, sent /
 * delivered / read and the unread count on both sides, the warning on a request to pay outside
 * the product, and an outsider refused; and in a deal, a photo and a 50 MB video sent from the
 * phone with the connection cut midway, which the upload resumes.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { createConfirmedUser } from '../support/identity-admin';
import { storedRecords } from './device-records';
import { expect, test } from './fixtures';
import { poolOf, uniqueEmail } from './identity-helpers';
import { sha256, MiB, video } from '../support/test-files';
import { buyerAndPhoneSeller, dealBetween } from './sale-helpers';
import { faults, fileOnDisk, storedChecksum, uniqueName } from './upload-helpers';
import { idTokenOf } from './transaction-helpers';

// Goes offline: its pages come from the service worker, as in an installed app.
test.use({ serviceWorkers: 'allow' });

const conversation = (page: Page) => page.getByRole('list', { name: 'Conversation' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** The seller's $20,000 offer to the buyer, who has an account: the thread between them exists from here. */
async function offerBetween(request: APIRequestContext, seller: { bearer: string }, buyer: { email: string; bearer: string }) {
  const sale = await (
    await request.post('/api/offers', {
      headers: { authorization: seller.bearer },
      data: { vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 }, amount: 20_000, role: 'seller', counterpartyEmail: buyer.email },
    })
  ).json();
  await request.post('/api/offers/link-account', { headers: { authorization: buyer.bearer } });
  return sale as { id: string };
}

async function write(page: Page, text: string) {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

test('two parties talk in their deal: offline messages go out once and in order, offers are answered from the thread', async ({
  page: buyerPage,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { buyer, seller, sellerPage } = await buyerAndPhoneSeller(buyerPage, { browser, request, baseURL: baseURL! });
  const sale = await offerBetween(request, seller, buyer);

  // The seller is elsewhere in the app when the buyer, finding the conversation beside the offer, asks a question.
  await sellerPage.goto('/dashboard/overview');
  await buyerPage.goto('/dashboard/caramel-offers');
  await buyerPage.getByRole('link', { name: /Messages with the seller/ }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Messages about the 2005 Buick' })).toBeVisible();
  await expect(conversation(buyerPage).getByLabel('Their offer: $20,000')).toBeVisible();
  await write(buyerPage, 'Is the spare key included?');
  await expect(conversation(buyerPage).getByText(/You · .* · (Sent|Delivered)$/)).toBeVisible();

  // The seller is told in the app at once, and the navigation counts it; opening it reads it.
  const notice = sellerPage.getByRole('region', { name: 'Notifications' });
  await expect(notice.getByText('Robin wrote to you about the 2005 Buick.')).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Read it' })).toHaveAttribute('href', `/dashboard/messages/${sale.id}`);
  await expect(conversation(buyerPage).getByText(/You · .* · Delivered$/)).toBeVisible();
  await expect(sellerPage.getByRole('link', { name: 'You have 1 unread message' })).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Dashboard menu' }).click();
  await sellerPage.getByRole('link', { name: 'Messages 1 unread' }).click();
  await expect(sellerPage.getByRole('heading', { name: 'Messages', exact: true })).toBeVisible();
  // The unread count is its own phrase, not run into the name ("with Robin1 unread").
  await sellerPage.getByRole('link', { name: /^2005 Buick · with Robin ?, ?1 unread$/ }).click();
  await expect(conversation(sellerPage).getByText('Is the spare key included?')).toBeVisible();
  await expect(conversation(buyerPage).getByText(/You · .* · Read/)).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Dashboard menu' }).click();
  await expect(sellerPage.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  // A paste past the limit is not cut without a word: the count says how much is over, and it is not sent.
  await composer(sellerPage).fill('x'.repeat(2_001));
  await expect(composer(sellerPage)).toHaveValue('x'.repeat(2_001));
  await expect(sellerPage.getByText('1 character too long: a message holds at most 2,000')).toBeVisible();
  // A draft survives a reload.
  await composer(sellerPage).fill('Yes, both keys');
  await sellerPage.reload();
  await expect(composer(sellerPage)).toHaveValue('Yes, both keys');

  // Offline, the seller's two answers wait on the phone, in order, and go out once when the connection returns.
  await sellerPage.context().setOffline(true);
  await write(sellerPage, 'Yes, both keys and the manual.');
  await write(sellerPage, 'I can meet on Saturday morning.');
  await expect(conversation(sellerPage).getByText('Not sent yet · goes out when you are back online')).toHaveCount(2);
  await expect(conversation(buyerPage).getByText('Yes, both keys and the manual.')).toHaveCount(0);
  await sellerPage.context().setOffline(false);
  await expect(conversation(buyerPage).getByText('I can meet on Saturday morning.')).toBeVisible();
  await expect(conversation(sellerPage).getByText(/Not sent yet/)).toHaveCount(0);
  const thread = await (await request.get(`/api/threads/${sale.id}`, { headers: { authorization: buyer.bearer } })).json();
  expect(thread.entries.flatMap((entry: { type: string; body?: string }) => (entry.type === 'message' ? [entry.body] : []))).toEqual([
    'Is the spare key included?',
    'Yes, both keys and the manual.',
    'I can meet on Saturday morning.',
  ]);

  // A request to pay outside the product warns both parties.
  await write(buyerPage, 'Could I pay the deposit with Zelle instead?');
  await expect(conversation(sellerPage).getByRole('alert').filter({ hasText: 'Never pay outside Caramel' })).toBeVisible();
  await expect(
    conversation(buyerPage).getByRole('alert').filter({ hasText: 'The other party is warned about this message' }),
  ).toBeVisible();
  // The seller reports it, by keyboard: the reason box takes the focus.
  await conversation(sellerPage).getByRole('button', { name: 'Report this message' }).last().press('Enter');
  await expect(sellerPage.getByRole('textbox', { name: 'What is wrong with it?' })).toBeFocused();
  await sellerPage.keyboard.type('Asks me to pay by Zelle');
  await sellerPage.getByRole('button', { name: 'Send report' }).click();
  await expect(conversation(sellerPage).getByText('You reported this message. An admin will look at it.')).toBeVisible();

  // The buyer counters from the seller's offer card; the seller accepts the counteroffer from theirs.
  await conversation(buyerPage).getByLabel('Their offer: $20,000').getByRole('button', { name: 'Counter' }).click();
  await conversation(buyerPage).getByRole('textbox', { name: 'Your counteroffer' }).fill('18,500');
  await conversation(buyerPage).getByRole('button', { name: 'Send counteroffer' }).click();
  await expect(conversation(buyerPage).getByLabel('Your offer: $18,500')).toBeVisible();
  // The earlier card says it was answered, and with what.
  await expect(conversation(sellerPage).getByLabel('Your offer: $20,000')).toContainText('Countered by them with $18,500.');
  await conversation(sellerPage).getByLabel('Their offer: $18,500').getByRole('button', { name: 'Accept $18,500' }).click();
  await expect(conversation(sellerPage).getByText('This offer is accepted.')).toBeVisible();
  await expect(conversation(buyerPage).getByText('This offer is accepted.')).toBeVisible();
  const offers = await (await request.get(`/api/offers/${sale.id}`, { headers: { authorization: buyer.bearer } })).json();
  expect(offers).toMatchObject({ status: 'accepted', latestOffer: { amount: 18_500 } });

  // Someone else cannot read or write it.
  const outsider = await createConfirmedUser(await poolOf(request), uniqueEmail('outsider'));
  const outsiderBearer = `Bearer ${await idTokenOf(request, outsider)}`;
  expect((await request.get(`/api/threads/${sale.id}`, { headers: { authorization: outsiderBearer } })).status()).toBe(404);
  await sellerPage.context().close();
});

test('in a deal, a photo and a 50 MB video sent from a phone reach the other party, the video resumed after the connection dropped', async ({
  page: buyerPage,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { buyer, seller, sellerPage } = await buyerAndPhoneSeller(buyerPage, { browser, request, baseURL: baseURL! });
  const { sellerTx } = await dealBetween(request, baseURL!, seller, buyer);
  await sellerPage.goto('/dashboard/active-transactions');
  await sellerPage.getByRole('link', { name: 'Messages about the 2005 Buick' }).click();
  await expect(conversation(sellerPage).getByText(/opened the sale of the 2005 Buick/)).toBeVisible();

  const attach = sellerPage.getByLabel('Send a photo, video or document');
  await composer(sellerPage).fill('The spare key, as promised');
  await attach.setInputFiles(fileOnDisk('spare-key.jpg', Buffer.from('\xff\xd8\xff\xe0 a spare key', 'latin1')));
  await expect(conversation(sellerPage).getByRole('img', { name: 'spare-key.jpg' })).toBeVisible({ timeout: 20_000 });

  const name = uniqueName('walkaround');
  const bytes = video(50 * MiB, 33);
  await faults.add({ match: { keyIncludes: name, method: 'PUT' }, action: { type: 'delay', ms: 1500 }, times: 4 });
  await attach.setInputFiles(fileOnDisk(name, bytes));
  const upload = conversation(sellerPage).getByRole('listitem', { name });
  await expect(upload.getByText('Uploading')).toBeVisible();
  await expect(conversation(sellerPage).getByText('Not sent yet · sending…')).toBeVisible();
  await sellerPage.context().setOffline(true);
  await expect(upload.getByText(/Waiting for the connection/)).toBeVisible({ timeout: 20_000 });
  await sellerPage.context().setOffline(false);

  // The buyer, elsewhere, has them counted as unread; then sees both, in order, the video with its player.
  await buyerPage.goto('/dashboard/active-transactions');
  await expect(
    buyerPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /^Messages [12] unread$/ }),
  ).toBeVisible();
  // The photo's place is kept while its link comes (held back here): the thread below it does not move when it opens.
  let release = () => {};
  const linkHeld = new Promise<void>((resolve) => (release = resolve));
  await buyerPage.route('**/api/documents/object?**', async (route) => {
    await linkHeld;
    await route.continue();
  });
  await buyerPage.getByRole('link', { name: 'Messages about the 2005 Buick' }).click();
  await expect(conversation(buyerPage).getByText('The spare key, as promised')).toBeVisible();
  const photo = conversation(buyerPage).locator('figure', { hasText: 'spare-key.jpg' });
  const opening = await photo.boundingBox({ timeout: 5_000 });
  release();
  await expect(conversation(buyerPage).getByRole('img', { name: 'spare-key.jpg' })).toBeVisible();
  expect((await photo.boundingBox())?.height).toBe(opening?.height);
  await expect(conversation(buyerPage).getByLabel(name)).toBeVisible({ timeout: 60_000 });
  expect(await storedChecksum(request, seller.bearer, sellerTx, name)).toBe(sha256(bytes));
  await sellerPage.context().close();
});

test('ten messages while the reader’s connection drops five times: each is announced at most once', async ({
  page: buyerPage,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { buyer, seller } = await buyerAndPhoneSeller(buyerPage, { browser, request, baseURL: baseURL! });
  const sale = await offerBetween(request, seller, buyer);
  // The buyer is elsewhere in the app: every in-app notice that appears is counted, however briefly it shows.
  await buyerPage.goto('/dashboard/overview');
  await expect(buyerPage.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
  await buyerPage.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { notices: string[] }).notices = seen;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLElement && /wrote to you/.test(node.textContent ?? '')) seen.push(node.textContent!);
    }).observe(document.body, { childList: true, subtree: true });
  });
  const send = (body: string) =>
    request.post(`/api/threads/${sale.id}/messages`, {
      headers: { authorization: seller.bearer },
      data: { body, idempotencyKey: crypto.randomUUID() },
    });
  for (let message = 1; message <= 10; message += 1) {
    expect((await send(`Message ${message} of ten`)).status()).toBe(201);
    // Every other message the buyer's connection drops for a moment: the stream comes back and is sent what it missed.
    if (message % 2 === 0) {
      const offline = buyerPage.getByText(/^You are offline\./);
      await buyerPage.context().setOffline(true);
      await expect(offline).toBeVisible();
      await buyerPage.context().setOffline(false);
      await expect(offline).toBeHidden();
    }
  }
  // The tab catches up: all ten are on the device, and the count of notices it showed is at most one per message.
  await expect
    .poll(
      () =>
        storedRecords<{ entries: { type: string }[] }>(buyerPage, 'caramel', 'threads').then(
          (threads) => threads.flatMap((thread) => thread.entries.filter((entry) => entry.type === 'message')).length,
        ),
      { timeout: 30_000 },
    )
    .toBe(10);
  const notices = await buyerPage.evaluate(() => (window as unknown as { notices: string[] }).notices.length);
  expect(notices).toBeGreaterThan(0);
  expect(notices).toBeLessThanOrEqual(10);
});
