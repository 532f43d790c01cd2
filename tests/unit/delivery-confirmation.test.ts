/**
 * The buyer's "the car is as described" goes through the outbox like every action (issue 56): the key made at the
 * press is kept on the device, so a retry after a lost connection — or after a reload — carries the same key, and the
 * server confirms once. A second press while the first waits adds nothing.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validRuntimeConfig as config } from '../support/runtime-config-fixture';

vi.stubGlobal('window', new EventTarget());
vi.stubGlobal('document', new EventTarget());
vi.stubGlobal('navigator', { onLine: true });

const { loadRuntimeConfig } = await import('../../src/data/api/runtime-config');
const { db } = await import('../../src/data/db');
const { drainOutbox, queueDeliveryConfirmation } = await import('../../src/data/outbox/outbox');
const { setSignedIn } = await import('../../src/data/session/session-store');

const delivered = {
  side: 'buyer',
  handedOverAt: '2026-11-28T10:00:00Z',
  releasesAt: null,
  confirmedAt: '2026-11-29T10:00:00Z',
  confirmedBy: 'buyer',
  canConfirm: false,
  canRaiseProblem: false,
  dispute: null,
};

beforeAll(async () => {
  await loadRuntimeConfig((async () => new Response(JSON.stringify(config))) as typeof fetch);
  setSignedIn({ sub: 'buyer-1', email: 'buyer@example.com' }, 'id-token');
});
afterAll(() => vi.unstubAllGlobals());

describe('confirming delivery', () => {
  it('keeps one key from the press through a lost answer to the send that lands', async () => {
    const keys: string[] = [];
    const confirm = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/delivery/confirm')) keys.push((JSON.parse(String(init.body)) as { idempotencyKey: string }).idempotencyKey);
      if (keys.length === 1) throw new TypeError('Failed to fetch'); // the connection drops as it goes
      if (url.endsWith('/delivery/confirm')) return new Response(JSON.stringify(delivered));
      return new Response('{}', { status: 503 }); // the fresh copy of the transaction: not this test's concern
    });
    vi.stubGlobal('fetch', confirm);

    await queueDeliveryConfirmation('t-1');
    await queueDeliveryConfirmation('t-1'); // pressed again while the first waits
    await vi.waitFor(() => expect(keys).toHaveLength(1));
    const waiting = await db.outbox.toArray();
    expect(waiting).toMatchObject([{ kind: 'delivery', transactionId: 't-1', state: 'pending', idempotencyKey: keys[0] }]);

    await drainOutbox();
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});
