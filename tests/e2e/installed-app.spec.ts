/**
 * The installed app while it is closed (issue 44), in Chromium against the local stack and its
 * push-service stand-in: notifications turned on from Account reach the device encrypted when the
 * other party writes, the service worker shows them (the push delivered to it through the DevTools
 * protocol, as a push service would) with the screen a click opens, and turning them off stops them;
 * a message and a step action queued offline go out from the service worker's Background Sync (fired
 * through the DevTools protocol) with every page closed, each applied once, and show as sent when the
 * app is opened again.
 */
import type { APIRequestContext, BrowserContext, CDPSession } from '@playwright/test';
import { threadPath } from '../../src/domain/message-contract';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { expect, test, readyOffline } from './fixtures';
import { fileOnDisk } from './upload-helpers';
import { buyerApprovedForLoan, buyerWithDeal, idTokenOf } from './transaction-helpers';

// The service worker is what is under test; the headless shell answers every notification permission with
// "denied", so these run in the whole browser (headless), as a person's installed app does.
test.use({
  serviceWorkers: 'allow',
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      ...(process.env.E2E_SIGN_IN_SPKI ? [`--ignore-certificate-errors-spki-list=${process.env.E2E_SIGN_IN_SPKI}`] : []),
    ],
  },
});

/** The DevTools protocol's handle on the context's service worker: its registration, for pushes and syncs. */
async function workerControls(context: BrowserContext, baseURL: string) {
  const blank = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(blank);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL.startsWith(baseURL) && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(baseURL).origin;
  return {
    push: async (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data }),
    sync: async (tag: string) =>
      cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: await registrationId, tag, lastChance: false }),
  };
}

async function threadOf(request: APIRequestContext, bearer: string, transactionId: string) {
  return (await (await request.get(`/api/transactions/${transactionId}`, { headers: { authorization: bearer } })).json())
    .negotiationId as string;
}

const write = (request: APIRequestContext, bearer: string, negotiationId: string, body: string) =>
  request.post(`/api/threads/${negotiationId}/messages`, {
    headers: { authorization: bearer },
    data: { body, idempotencyKey: crypto.randomUUID() },
  });

test('notifications turned on reach the closed app encrypted, show the other party’s words, open their screen, and stop when turned off or signed out', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['notifications']);
  const { seller, bearer, transactionId } = await buyerWithDeal(page, request);
  const sellerBearer = `Bearer ${await idTokenOf(request, seller)}`;
  const negotiationId = await threadOf(request, bearer, transactionId);
  const standIn = (await (await request.get('/config.json')).json()).push.serviceStandIn as string;

  await page.goto('/account');
  await page.evaluate(() => navigator.serviceWorker.ready);
  const section = page.getByRole('region', { name: 'Notifications on your devices' });
  await section.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(section.getByText('This device is told when the app is closed.')).toBeVisible();
  await expect(section.getByRole('checkbox', { name: 'Messages' })).toBeChecked();
  const devices = () =>
    page.evaluate(
      () =>
        new Promise<{ endpoint: string }[]>((resolve) => {
          const open = indexedDB.open('caramel');
          open.onsuccess = () => {
            const all = open.result.transaction('device').objectStore('device').getAll();
            all.onsuccess = () => resolve((all.result as { key: string; endpoint: string }[]).filter((row) => row.key === 'push'));
          };
        }),
    );
  const [device] = await devices();
  const pushedHere = async () =>
    (await (await request.get(`${standIn}/push/messages?endpoint=${encodeURIComponent(device!.endpoint)}`)).json()).messages as {
      payload: string;
    }[];

  // The seller writes; the push service receives one push for this device, which decrypts to their words and the thread.
  expect((await write(request, sellerBearer, negotiationId, 'The keys are in the glovebox.')).ok()).toBe(true);
  await expect.poll(async () => (await pushedHere()).length).toBe(1);
  const [pushed] = await pushedHere();
  const payload = JSON.parse(pushed!.payload);
  expect(payload).toMatchObject({ body: 'The keys are in the glovebox.', url: threadPath(negotiationId), unread: 1 });
  expect(payload.title).toMatch(/^.+ wrote about the 2005 Buick$/);

  // The app is closed; the push service hands the push to the service worker, which shows it: the words, and the screen a click opens.
  await page.goto('about:blank');
  const worker = await workerControls(context, baseURL!);
  await worker.push(pushed!.payload);
  await page.goto('/account');
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((note) => ({
        title: note.title,
        body: note.body,
        url: (note.data as { url: string }).url,
      })),
    );
  await expect.poll(shown).toEqual([{ title: payload.title, body: 'The keys are in the glovebox.', url: threadPath(negotiationId) }]);

  // Turned off: the API forgets the device and the push service ends its subscription.
  await section.getByRole('button', { name: 'Turn off on this device' }).click();
  await expect(section.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  const ended = await request.post(device!.endpoint, { headers: { TTL: '60' } });
  expect(ended.status()).toBe(410);

  // On again, then signing out takes the device back too: the seller's next message reaches no device.
  await section.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(section.getByText('This device is told when the app is closed.')).toBeVisible();
  const [again] = await devices();
  await page.goto('/sign-out');
  await expect(page.getByRole('heading', { name: /signed out/i })).toBeVisible();
  expect((await request.post(again!.endpoint, { headers: { TTL: '60' } })).status()).toBe(410);
});

test('a message, a photo and a step action queued offline go out from Background Sync with the app closed, once each, and show as sent', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { transactionId, bearer } = await buyerApprovedForLoan(page, request);
  const negotiationId = await threadOf(request, bearer, transactionId);
  const photoName = `keys-${Math.random().toString(36).slice(2, 8)}.jpg`;
  const photo = Buffer.from('\xff\xd8\xff\xe0 the keys in the glovebox', 'latin1');
  await page.goto(threadPath(negotiationId));
  await expect(page.getByRole('heading', { name: 'Messages about the 2005 Buick' })).toBeVisible();
  await page.goto(`/transaction/financing?transaction=${transactionId}`);
  await expect(page.getByRole('heading', { name: "You're approved: choose a loan" })).toBeVisible();
  await readyOffline(page);
  const worker = await workerControls(context, baseURL!);

  // In a car park with no signal: the buyer picks the loan and writes to the seller, then closes the app.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Choose Summit Auto Finance' }).click();
  await expect(page.getByText(/1 action pending/)).toBeVisible();
  await page.goto(threadPath(negotiationId));
  await page.getByRole('textbox', { name: 'Message' }).fill('Loan chosen, see you Saturday.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText(/not sent yet/i)).toBeVisible();
  // And a photo of the keys, whose upload cannot start offline: the message waits for it.
  await page.getByRole('textbox', { name: 'Message' }).fill('The keys, photographed.');
  await page.getByLabel('Send a photo, video or document').setInputFiles(fileOnDisk(photoName, photo));
  await expect(page.getByText(/not sent yet/i)).toHaveCount(2);
  await page.close();

  // The connection returns; the browser wakes the service worker, which sends both. A second sync sends nothing more.
  await context.setOffline(false);
  await worker.sync('caramel-outbox');
  await worker.sync('caramel-outbox');
  const messages = async () =>
    (await (await request.get(`/api/threads/${negotiationId}`, { headers: { authorization: bearer } })).json()).entries.filter(
      (entry: { type: string; body?: string }) => entry.type === 'message' && entry.body === 'Loan chosen, see you Saturday.',
    );
  await expect.poll(async () => (await messages()).length, { timeout: 15_000 }).toBe(1);
  const withPhoto = async () =>
    (await (await request.get(`/api/threads/${negotiationId}`, { headers: { authorization: bearer } })).json()).entries.filter(
      (entry: { type: string; body?: string; attachment?: { fileName: string } | null }) =>
        entry.type === 'message' && entry.body === 'The keys, photographed.' && entry.attachment?.fileName === photoName,
    );
  await expect.poll(async () => (await withPhoto()).length, { timeout: 20_000 }).toBe(1);
  const detail = async () => (await request.get(`/api/transactions/${transactionId}`, { headers: { authorization: bearer } })).json();
  await expect.poll(async () => (await detail()).status, { timeout: 15_000 }).toBe('finance_done');

  // Opened again later: both show as sent, nothing waits.
  const reopened = await context.newPage();
  await reopened.goto(threadPath(negotiationId));
  await expect(reopened.getByText('Loan chosen, see you Saturday.')).toBeVisible();
  await expect(reopened.getByText(/not sent yet/i)).toHaveCount(0);
  await expect(reopened.getByRole('img', { name: photoName })).toBeVisible();
  await reopened.goto(`/transaction/financing?transaction=${transactionId}`);
  await expect(reopened.getByText(/action(s)? pending/)).toHaveCount(0);
  expect((await messages()).length).toBe(1);
});
