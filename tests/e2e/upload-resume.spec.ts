/**
 * The uploader across the page's life: reloaded during create, parts and complete; the browser
 * closed and reopened; the worker killed; two tabs; cancel mid-flight; offline; and a device
 * without room for the file (choose it again — the same file only). Each ends with storage
 * holding exactly the file's bytes, or in a state the user understands.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../support/chromium';
import { expect, test } from './fixtures';
import { buyerWithDeal } from './transaction-helpers';
import { sha256, MiB, video } from '../support/test-files';
import {
  addVideo,
  expectNoPartStoredTwice,
  expectOnlyInFlightPartsStoredAgain,
  fileOnDisk,
  faults,
  itemFor,
  storedChecksum,
  uniqueName,
  uploaded,
  watchProgress,
  uploadTasks,
} from './upload-helpers';

test.describe.configure({ timeout: 90_000 });

const SIZE = 16 * MiB;
const slowParts = (name: string, ms = 1500) =>
  faults.add({ match: { keyIncludes: name, method: 'PUT' }, action: { type: 'delay', ms }, times: 4 });

test('reloaded while the upload is being created, it is created again and finishes', async ({ page, context, request }) => {
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  const name = uniqueName('reload-create');
  const bytes = video(SIZE, 6);
  let held = true;
  await context.route('**/api/uploads', (route) => (held ? undefined : route.continue()));
  await addVideo(page, transactionId, name, bytes);
  await expect(itemFor(page, name).getByText('Starting')).toBeVisible();
  held = false;
  await page.reload();
  await uploaded(page, name);
  expect(await storedChecksum(request, bearer, transactionId, name)).toBe(sha256(bytes));
});

test('reloaded while parts are in flight, it carries on from the parts storage holds', async ({ page, request }) => {
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  const name = uniqueName('reload-parts');
  const bytes = video(SIZE, 7);
  await faults.add({ match: { keyIncludes: name, method: 'PUT', partNumber: 4 }, action: { type: 'delay', ms: 4000 } });
  await addVideo(page, transactionId, name, bytes);
  const progress = watchProgress(page, name);
  await expect(itemFor(page, name).getByText(/^15\.0 MB of 16\.0 MB/)).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await uploaded(page, name);
  await progress.stop();
  expect(await storedChecksum(request, bearer, transactionId, name)).toBe(sha256(bytes));
  // Parts 1-3 were done before the reload and are not sent again; part 4 was on the wire and may land twice.
  const accepted = (await faults.log(name)).filter((entry) => entry.method === 'PUT' && entry.status === 200);
  expect(
    accepted
      .filter((entry) => entry.partNumber !== 4)
      .map((entry) => entry.partNumber)
      .sort(),
  ).toEqual([1, 2, 3]);
  expect(accepted.filter((entry) => entry.partNumber === 4).length).toBeGreaterThanOrEqual(1);
});

test('reloaded while completing (the answer lost), the document is recorded once', async ({ page, context, request }) => {
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  const name = uniqueName('reload-complete');
  const bytes = video(SIZE, 8);
  let completions = 0;
  await context.route('**/api/uploads/*/complete', async (route) => {
    completions += 1;
    if (completions > 1) return route.continue();
    await route.fetch(); // storage completes and the API records it; the page never hears back
  });
  await addVideo(page, transactionId, name, bytes);
  await expect.poll(() => completions, { timeout: 30_000 }).toBe(1);
  await page.reload();
  await uploaded(page, name);
  expect(await storedChecksum(request, bearer, transactionId, name)).toBe(sha256(bytes));
  const { documents } = await (
    await request.get(`/api/documents?transactionId=${transactionId}`, { headers: { authorization: bearer } })
  ).json();
  expect(documents).toHaveLength(1);
});

test('the worker killed mid-upload is replaced and the upload finishes', async ({ page, request }) => {
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  const name = uniqueName('worker');
  const bytes = video(SIZE, 9);
  await slowParts(name);
  await addVideo(page, transactionId, name, bytes);
  await expect(itemFor(page, name).getByText('Uploading')).toBeVisible();
  const worker = page.workers().find((candidate) => candidate.url().includes('uploader'));
  expect(worker).toBeDefined();
  await worker!.evaluate(() => self.close()).catch(() => undefined);
  await uploaded(page, name);
  expect(await storedChecksum(request, bearer, transactionId, name)).toBe(sha256(bytes));
  await expectOnlyInFlightPartsStoredAgain(name);
});

/** An upload added in `page` while a second tab shows the upload screen; answers once that tab sees it running. */
async function uploadSeenFromSecondTab(page: Page, context: BrowserContext, request: APIRequestContext, label: string, seed: number) {
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  const name = uniqueName(label);
  const bytes = video(SIZE, seed);
  await slowParts(name, 800);
  const second = await context.newPage();
  await second.goto(`/dashboard/active-transactions/upload-docs/${transactionId}`);
  await addVideo(page, transactionId, name, bytes);
  await expect(itemFor(second, name).getByText('Uploading')).toBeVisible();
  return { transactionId, bearer, name, bytes, second };
}

test('two open tabs never send the same parts', async ({ page, context, request }) => {
  const { transactionId, bearer, name, bytes, second } = await uploadSeenFromSecondTab(page, context, request, 'two-tabs', 10);
  await uploaded(second, name);
  await uploaded(page, name);
  expect(await storedChecksum(request, bearer, transactionId, name)).toBe(sha256(bytes));
  await expectNoPartStoredTwice(name);
});

test('when the tab sending an upload closes, another open tab carries it on', async ({ page, context, request }) => {
  const { transactionId, bearer, name, bytes, second } = await uploadSeenFromSecondTab(page, context, request, 'takeover', 15);
  await page.close();
  await uploaded(second, name);
  expect(await storedChecksum(request, bearer, transactionId, name)).toBe(sha256(bytes));
  await expectOnlyInFlightPartsStoredAgain(name);
});

test('cancel while parts are in flight leaves nothing in storage', async ({ page, request }) => {
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  const name = uniqueName('cancel');
  await slowParts(name, 3000);
  await addVideo(page, transactionId, name, video(SIZE, 11));
  const item = itemFor(page, name);
  await expect(item.getByText('Uploading')).toBeVisible();
  await item.getByRole('button', { name: `Cancel ${name}` }).click();
  await expect(item.getByText('Cancelled')).toBeVisible();
  await expect(item.getByRole('button', { name: `Resume ${name}` })).toHaveCount(0);
  // The API no longer knows the upload, and storage holds no part of it.
  const [task] = await uploadTasks(page);
  // "Cancelled" shows at once; freeing storage follows as soon as this tab's parts have stopped.
  const partsAnswer = async () =>
    (await request.get(`/api/uploads/${task!.uploadId}/parts`, { headers: { authorization: bearer } })).status();
  await expect.poll(partsAnswer).toBe(404);
});

test('offline mid-upload waits for the connection and carries on by itself', async ({ page, context, request }) => {
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  const name = uniqueName('offline');
  const bytes = video(SIZE, 12);
  await slowParts(name, 1500);
  await addVideo(page, transactionId, name, bytes);
  const progress = watchProgress(page, name);
  await expect(itemFor(page, name).getByText('Uploading')).toBeVisible();
  await context.setOffline(true);
  await expect(itemFor(page, name).getByText(/Waiting for the connection/)).toBeVisible({ timeout: 20_000 });
  await context.setOffline(false);
  await uploaded(page, name);
  await progress.stop();
  expect(await storedChecksum(request, bearer, transactionId, name)).toBe(sha256(bytes));
});

test('closing the browser and opening it again resumes without choosing the file again', async ({ request }) => {
  const profile = mkdtempSync(join(tmpdir(), 'caramel-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: process.env.E2E_BASE_URL,
    });
  try {
    let context = await launch();
    await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: process.env.E2E_BASE_URL! }]);
    const page = context.pages()[0] ?? (await context.newPage());
    const { transactionId, bearer } = await buyerWithDeal(page, request);
    const name = uniqueName('restart');
    const bytes = video(SIZE, 13);
    await slowParts(name, 2000);
    await addVideo(page, transactionId, name, bytes);
    await expect(itemFor(page, name).getByText('Uploading')).toBeVisible();
    await context.close();

    context = await launch();
    const reopened = context.pages()[0] ?? (await context.newPage());
    await reopened.goto(`/dashboard/active-transactions/upload-docs/${transactionId}`);
    await uploaded(reopened, name);
    expect(await storedChecksum(request, bearer, transactionId, name)).toBe(sha256(bytes));
    await expectOnlyInFlightPartsStoredAgain(name);
    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test('without room to keep the file, the user chooses it again — and only the same file is taken', async ({ page, request }) => {
  await page.addInitScript(() => {
    navigator.storage.estimate = async () => ({ quota: 20 * 1024 * 1024, usage: 10 * 1024 * 1024 });
  });
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  const name = uniqueName('quota');
  const bytes = video(SIZE, 14);
  await slowParts(name, 3000);
  await addVideo(page, transactionId, name, bytes);
  await expect(itemFor(page, name).getByText('Uploading')).toBeVisible();
  await page.reload();
  const item = itemFor(page, name);
  await expect(item.getByText('Choose the file again to carry on')).toBeVisible({ timeout: 20_000 });

  const impostor = video(SIZE, 99); // same name, size and date; other bytes
  await item.getByLabel(`Choose ${name} again`).setInputFiles(fileOnDisk(name, impostor));
  await expect(item.getByRole('alert')).toContainText('That is a different file');
  await item.getByLabel(`Choose ${name} again`).setInputFiles(fileOnDisk(name, bytes));
  await uploaded(page, name);
  expect(await storedChecksum(request, bearer, transactionId, name)).toBe(sha256(bytes));
});
