/**
 * The device's copy of a thread follows the one rule for copies of server records (DESIGN.md §11): an answer that
 * crossed a newer one on the way — a live notice's fetch beside the page's own — never replaces the newer copy.
 */
import 'fake-indexeddb/auto';
import { beforeEach, expect, it, vi } from 'vitest';
import { threadRecord } from '../support/thread-record';

const message = (seq: number) => ({
  type: 'message' as const,
  id: `m-${seq}`,
  seq,
  by: 'other party' as const,
  side: 'seller' as const,
  body: `Message ${seq}`,
  at: '2026-11-27T10:00:00Z',
  offPlatformPayment: false,
  reported: false,
});
let answer = threadRecord({ version: 1 });
vi.mock('../../src/data/api/api-client', async (original) => ({
  ...(await original<object>()),
  apiRequest: async (method: string) => (method === 'GET' ? answer : {}),
}));
const { refreshThread } = await import('../../src/data/records/thread-store');
const { db } = await import('../../src/data/db');

beforeEach(() => db.threads.clear());

it('keeps the newer copy when an older answer arrives after it', async () => {
  answer = threadRecord({ version: 3, entries: [message(1), message(2)] });
  await refreshThread('n-1');
  answer = threadRecord({ version: 2, entries: [message(1)] });
  await refreshThread('n-1');
  expect((await db.threads.get('n-1'))?.entries.map((entry) => entry.id)).toEqual(['m-1', 'm-2']);
});

it('takes a newer answer, and the same version again (its receipts may have risen)', async () => {
  answer = threadRecord({ version: 2, entries: [message(1)] });
  await refreshThread('n-1');
  answer = threadRecord({ version: 3, entries: [message(1), message(2)] });
  await refreshThread('n-1');
  expect((await db.threads.get('n-1'))?.version).toBe(3);
});
