/**
 * What a screen says of its saved copy while a fresh one is fetched (issue 56, src/data/records/freshness.ts): one
 * fetch per record at a time (a tap's guard and its screen share it), "refreshing" while it runs, and why it failed.
 */
import { describe, expect, it } from 'vitest';
import { NetworkError } from '../../src/data/api/api-client';
import { freshness, refreshOnce } from '../../src/data/records/freshness';

function deferred() {
  let settle: { resolve: () => void; reject: (error: unknown) => void } = { resolve: () => undefined, reject: () => undefined };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe('refreshOnce', () => {
  it('runs one fetch for a key at a time and says it is refreshing until it answers', async () => {
    const answer = deferred();
    let fetches = 0;
    const fetch = () => (fetches++, answer.promise);
    const first = refreshOnce('transaction:t-1', fetch);
    const second = refreshOnce('transaction:t-1', fetch);
    expect(fetches).toBe(1);
    expect(freshness['transaction:t-1']).toEqual({ refreshing: true, failed: null, answered: false });
    answer.resolve();
    await Promise.all([first, second]);
    expect(freshness['transaction:t-1']).toEqual({ refreshing: false, failed: null, answered: true });
    await refreshOnce('transaction:t-1', async () => void fetches++);
    expect(fetches).toBe(2);
  });

  it('says a fetch failed for want of a connection apart from one the API refused, and keeps what was known', async () => {
    await refreshOnce('offers', async () => undefined);
    await expect(refreshOnce('offers', () => Promise.reject(new NetworkError()))).rejects.toBeInstanceOf(NetworkError);
    expect(freshness.offers).toEqual({ refreshing: false, failed: 'offline', answered: true });
    await expect(refreshOnce('overview', () => Promise.reject(new Error('500')))).rejects.toThrow('500');
    expect(freshness.overview).toEqual({ refreshing: false, failed: 'failed', answered: false });
  });

  it('runs a poll quietly: it shares the running fetch, and changes nothing the screen says', async () => {
    await refreshOnce('transaction:t-2', async () => undefined);
    const before = { ...freshness['transaction:t-2'] };
    const answer = deferred();
    const poll = refreshOnce('transaction:t-2', () => answer.promise, { quietly: true });
    expect(refreshOnce('transaction:t-2', async () => 'another')).toBe(poll);
    expect(freshness['transaction:t-2']).toEqual(before);
    answer.resolve();
    await poll;
    expect(freshness['transaction:t-2']).toEqual(before);
  });
});
