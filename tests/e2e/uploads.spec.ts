/**
 * The resumable uploader on a good connection, in real Chromium against the real local stack:
 * a document goes through in parts, reads back byte for byte, and is listed as received; the
 * header shows uploads while they run.
 */
import { countPersistRequests, expect, test } from './fixtures';
import { buyerWithDeal } from './transaction-helpers';
import { sha256, MiB, video } from '../support/test-files';
import { addVideo, faults, itemFor, storedChecksum, uniqueName, uploaded, uploadTasks } from './upload-helpers';

test('a 12 MB video uploads in parts, storage holds the same bytes, and it is listed as received', async ({ page, request }) => {
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  const name = uniqueName('walkaround');
  const bytes = video(12 * MiB);
  await faults.add({ match: { keyIncludes: name, method: 'PUT' }, action: { type: 'delay', ms: 1500 }, times: 3 });
  const persistRequests = await countPersistRequests(page);
  await addVideo(page, transactionId, name, bytes);
  await expect(page.getByRole('link', { name: /^1 upload running, \d+% sent$/ })).toBeVisible();
  expect(await persistRequests()).toBe(1); // work that must survive: the site asks to keep its storage
  await uploaded(page, name);
  await expect(page.getByRole('link', { name: /upload running/ })).toHaveCount(0);
  expect(await storedChecksum(request, bearer, transactionId, name)).toBe(sha256(bytes));

  await page.getByRole('link', { name: 'See documents already received' }).click();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Received', { exact: true })).toBeVisible();
});

test('a file the slot does not take is refused before anything is sent', async ({ page, request }) => {
  const { transactionId } = await buyerWithDeal(page, request);
  await page.goto(`/dashboard/active-transactions/upload-docs/${transactionId}`);
  await page.getByRole('radio', { name: 'Proof of address' }).check();
  await page
    .getByLabel('Proof of address: choose files')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toContainText('notes.txt: upload a PDF, JPEG, PNG or HEIC file');
  await expect(itemFor(page, 'notes.txt')).toHaveCount(0);
});

test('signing out with an upload running warns first, then cancels it and clears it from the device', async ({ page, request }) => {
  const { transactionId } = await buyerWithDeal(page, request);
  const name = uniqueName('sign-out');
  await faults.add({ match: { keyIncludes: name, method: 'PUT' }, action: { type: 'delay', ms: 5000 }, times: 4 });
  await addVideo(page, transactionId, name, video(16 * MiB, 21));
  await expect(itemFor(page, name).getByText('Uploading')).toBeVisible();
  await page.goto('/sign-out');
  await expect(page.getByRole('heading', { name: '1 upload is still running' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out and cancel uploads' }).click();
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  expect(await uploadTasks(page)).toEqual([]);
});
