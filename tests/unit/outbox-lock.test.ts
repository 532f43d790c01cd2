/**
 * The outbox's lock across tabs (src/data/outbox/outbox.ts): a page hidden into the back-forward cache, or
 * frozen, in the middle of a drain lets go of the lock at once — frozen with it, it kept every other
 * tab's actions waiting ("Payment authorised" with nothing sent for minutes) until the 10 s take-over.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';

/** Web Locks as a browser gives them to the tabs of one origin: one holder per name; `ifAvailable` answers null when held. */
function webLocks() {
  const held = new Set<string>();
  return {
    async request(name: string, options: { ifAvailable?: boolean; steal?: boolean }, callback: (lock: object | null) => Promise<unknown>) {
      if (held.has(name) && options.ifAvailable) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

const page = new EventTarget();
vi.stubGlobal('window', page);
vi.stubGlobal('document', new EventTarget());
vi.stubGlobal('navigator', { locks: webLocks(), onLine: true });
const { withOutboxLock } = await import('../../src/data/outbox/outbox');

describe('the outbox lock', () => {
  it('is let go of when the page holding it is hidden mid-drain: another tab drains at once', async () => {
    // This page's drain is stuck (its request will never answer: the page is about to be frozen).
    const stuck = withOutboxLock(() => new Promise(() => undefined));
    await Promise.resolve();
    expect(await withOutboxLock(async () => 'done')).toBe('busy');
    page.dispatchEvent(new Event('pagehide'));
    expect(await stuck).toBe('offline');
    // The other tab's drain takes the lock at once, not after the take-over's 10 s.
    expect(await withOutboxLock(async () => 'done')).toBe('done');
  });
});
