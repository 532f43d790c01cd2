/**
 * A read receipt comes only from a thread visible on screen (DESIGN.md §11): a live notice for the
 * thread open in a tab the person is not looking at keeps its messages unread — here and for the
 * writer, whose unread-message mail then still goes — until the tab comes back to the front.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { threadRecord } from '../support/thread-record';

const posted: { path: string; body: unknown }[] = [];
const thread = threadRecord({
  entries: [
    {
      type: 'message',
      id: 'm-1',
      seq: 1,
      by: 'other party',
      side: 'seller',
      body: 'Hi',
      at: '2026-11-27T10:00:00Z',
      offPlatformPayment: false,
      reported: false,
    },
  ],
  unread: 1,
});
vi.mock('../../src/data/api/api-client', async (original) => ({
  ...(await original<object>()),
  apiRequest: async (method: string, path: string, _schema: unknown, body?: unknown) => {
    if (method === 'POST') posted.push({ path, body });
    return method === 'GET' ? thread : {};
  },
}));
const { followThread, setThreadOnScreen } = await import('../../src/data/records/thread-store');
const { db } = await import('../../src/data/db');

let visibility: DocumentVisibilityState = 'visible';
vi.stubGlobal('document', {
  get visibilityState() {
    return visibility;
  },
});

describe('read receipts', () => {
  beforeEach(async () => {
    posted.length = 0;
    await db.threads.clear();
    setThreadOnScreen('n-1');
  });

  it('are not sent for a thread open in a tab in the background: delivered, not read', async () => {
    visibility = 'hidden';
    await followThread('n-1');
    expect(posted.map((call) => call.body)).toEqual([{ upTo: 1, read: false }]);
    expect((await db.threads.get('n-1'))?.unread).toBe(1);
  });

  it('are sent for the thread the person is looking at', async () => {
    visibility = 'visible';
    await followThread('n-1');
    expect(posted.map((call) => call.body)).toContainEqual({ upTo: 1, read: true });
    expect((await db.threads.get('n-1'))?.unread).toBe(0);
  });
});
