import { describe, expect, it } from 'vitest';
import type { UploadTask } from '../../src/data/device/uploads';
import { statusText, tryingAgain } from '../../src/ui/uploads/upload-status';

const task = (changes: Partial<UploadTask>) =>
  ({
    status: 'in progress',
    pauseReason: null,
    uploadId: 'u-1',
    retries: 0,
    retryAt: 0,
    error: null,
    document: null,
    ...changes,
  }) as UploadTask;

describe('an upload’s status', () => {
  it('reads as waiting through a try after a lost connection, until a part gets through', () => {
    expect(statusText(task({ status: 'paused', pauseReason: 'offline', retries: 3 }))).toBe('Waiting for the connection');
    expect(statusText(task({ retries: 3 }))).toBe('Waiting for the connection');
    expect(statusText(task({ retries: 0 }))).toBe('Uploading');
    expect(statusText(task({ retries: 0, uploadId: null }))).toBe('Starting');
  });

  it('names our servers, not the connection, while storage or the API is busy or down', () => {
    expect(statusText(task({ status: 'paused', pauseReason: 'offline', waitingFor: 'server', retries: 2 }))).toBe(
      'Waiting for our servers',
    );
    expect(statusText(task({ waitingFor: 'server', retries: 2 }))).toBe('Waiting for our servers');
    expect(statusText(task({ waitingFor: 'server', retries: 0 }))).toBe('Uploading');
  });

  it('says when the next try is', () => {
    const now = 1_000_000;
    expect(tryingAgain(task({ retryAt: now + 7_200 }), now)).toBe('trying again in 8 s');
    expect(tryingAgain(task({ retryAt: now + 150_000 }), now)).toBe('trying again in 3 min');
    expect(tryingAgain(task({ retryAt: now - 10 }), now)).toBe('trying again now');
  });
});
