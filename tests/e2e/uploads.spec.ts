/**
 * The resumable uploader in real Chromium against the real local stack: a document goes
 * through in parts and reads back byte for byte.
 */
import { createHash } from 'node:crypto';
import { expect, test } from './fixtures';
import { buyerWithDeal } from './transaction-helpers';

const MiB = 1024 * 1024;

function video(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 512) bytes[i] = (i / 512 + seed) % 251;
  bytes.write('ftypisom', 4);
  return bytes;
}
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

test('a 12 MB video uploads in parts and storage holds the same bytes', async ({ page, request }) => {
  const { transactionId, bearer } = await buyerWithDeal(page, request);
  await page.goto(`/dashboard/active-transactions/upload-docs/${transactionId}`);
  await page.getByRole('radio', { name: 'Inspection photos and videos' }).check();
  const bytes = video(12 * MiB);
  await page.getByLabel('Inspection photos and videos: choose files').setInputFiles({ name: 'walkaround.mp4', mimeType: 'video/mp4', buffer: bytes });
  const item = page.getByRole('listitem', { name: 'walkaround.mp4' });
  await expect(item.getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 });
  const { documents } = await (await request.get(`/api/documents?transactionId=${transactionId}`, { headers: { authorization: bearer } })).json();
  expect(documents).toHaveLength(1);
  expect(md5(await (await request.get(documents[0].url)).body())).toBe(md5(bytes));

  await page.goto(`/dashboard/active-transactions/view-docs/${transactionId}`);
  await expect(page.getByRole('listitem').filter({ hasText: 'walkaround.mp4' }).getByText('Received', { exact: true })).toBeVisible();
});
