/**
 * SPEC §9 retry policy: up to 3 attempts, exponential backoff from 100 ms with jitter, capped
 * at 5 minutes, or the wait a Retry-After header names. Which failures are worth another attempt
 * is SPEC §8's list.
 */
export const RETRY_ATTEMPTS = 3;
const BASE_DELAY_MS = 100;
const MAX_DELAY_MS = 5 * 60 * 1000;

/** The wait before attempt `attempt + 1` (attempt counts from 1). */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return Math.min(BASE_DELAY_MS * 2 ** (attempt - 1) + random() * BASE_DELAY_MS, MAX_DELAY_MS);
}

/** Throttling and server-side failures that may pass on a later attempt. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

/** The longest Retry-After a request waits out before asking again; a longer one ends it, saying when to try again. */
export const RETRY_AFTER_WAIT_MAX_MS = 10_000;

/** A Retry-After header (seconds, or an HTTP date) as milliseconds from `now`, or undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const ms = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}
