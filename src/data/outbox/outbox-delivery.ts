/**
 * Sends one outbox action: a 5xx or 429 is tried again after a pause (SPEC §9), a connection
 * that is gone or a server still struggling leaves the action for the next drain, and any other
 * answer that is not OK is the server refusing it, with a reason the user can read.
 */
import { isRetryableStatus, RETRY_ATTEMPTS, retryDelayMs } from '../../domain/retry';
import { ApiError, NetworkError } from '../api/api-client';

export type Delivery<T> = { outcome: 'sent'; answer: T } | { outcome: 'offline' } | { outcome: 'refused'; reason: string };

export async function deliver<T>(request: () => Promise<T>): Promise<Delivery<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { outcome: 'sent', answer: await request() };
    } catch (error) {
      if (error instanceof NetworkError) return { outcome: 'offline' };
      const status = error instanceof ApiError ? error.status : 0;
      if (isRetryableStatus(status) && attempt < RETRY_ATTEMPTS) {
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
        continue;
      }
      if (isRetryableStatus(status)) return { outcome: 'offline' };
      return {
        outcome: 'refused',
        reason: error instanceof ApiError ? error.reason : error instanceof Error ? error.message : String(error),
      };
    }
  }
}
