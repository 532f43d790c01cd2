import { describe, expect, it } from 'vitest';
import { createPreloadQueue, MAX_CONCURRENT_PRELOADS } from '../../src/app/route-preload';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('route preload queue (SPEC §9)', () => {
  it('runs at most 4 loads at once and starts the next as one finishes', async () => {
    const queue = createPreloadQueue();
    const loads = Array.from({ length: 6 }, () => deferred());
    const started: number[] = [];
    loads.forEach((load, index) =>
      queue.add(`/page-${index}`, () => {
        started.push(index);
        return load.promise;
      }),
    );
    expect(MAX_CONCURRENT_PRELOADS).toBe(4);
    expect(started).toEqual([0, 1, 2, 3]);
    loads[1]!.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.running).toBe(4);
  });

  it('loads each route once, and a failure frees its place', async () => {
    const queue = createPreloadQueue(1);
    let calls = 0;
    queue.add('/help', async () => {
      calls++;
      throw new Error('offline');
    });
    queue.add('/help', async () => calls++);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(1);
    expect(queue.running).toBe(0);
  });
});
