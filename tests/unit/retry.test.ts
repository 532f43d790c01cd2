import { describe, expect, it } from 'vitest';
import { isRetryableStatus, retryAfterMs, retryDelayMs } from '../../src/domain/retry';

describe('retry policy (SPEC §9)', () => {
  it('doubles from 100 ms and adds up to 100 ms of jitter', () => {
    expect(retryDelayMs(1, () => 0)).toBe(100);
    expect(retryDelayMs(2, () => 0)).toBe(200);
    expect(retryDelayMs(3, () => 0.5)).toBe(450);
  });

  it('never waits more than 5 minutes', () => {
    expect(retryDelayMs(30, () => 1)).toBe(300_000);
  });

  it('retries throttling and gateway failures only', () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 501].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After as seconds or as an HTTP date, and ignores what it cannot read', () => {
    const now = Date.parse('2026-11-20T15:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Fri, 20 Nov 2026 15:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('Fri, 20 Nov 2026 14:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
