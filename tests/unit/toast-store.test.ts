import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, pauseToasts, resumeToasts, showToast, TOAST_AUTO_HIDE_MS, toastState } from '../../src/ui/toast-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  resumeToasts();
  toastState.toasts.forEach((toast) => dismissToast(toast.id));
  vi.useRealTimers();
});

const messages = () => toastState.toasts.map((toast) => toast.message);

describe('toasts', () => {
  it('hide themselves after 5000 ms (SPEC §9)', () => {
    expect(TOAST_AUTO_HIDE_MS).toBe(5000);
    showToast('Saved');
    vi.advanceTimersByTime(4999);
    expect(messages()).toEqual(['Saved']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('stack, each on its own clock', () => {
    showToast('First');
    vi.advanceTimersByTime(2000);
    showToast('Second');
    expect(messages()).toEqual(['First', 'Second']);
    vi.advanceTimersByTime(3000);
    expect(messages()).toEqual(['Second']);
    vi.advanceTimersByTime(2000);
    expect(messages()).toEqual([]);
  });

  it('wait while hovered or focused, then finish only the time they had left', () => {
    showToast('Upload paused');
    vi.advanceTimersByTime(3000);
    pauseToasts();
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['Upload paused']);
    resumeToasts();
    vi.advanceTimersByTime(1999);
    expect(messages()).toEqual(['Upload paused']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('that arrive while paused start counting only on resume', () => {
    pauseToasts();
    showToast('Queued');
    vi.advanceTimersByTime(10_000);
    resumeToasts();
    vi.advanceTimersByTime(4999);
    expect(messages()).toEqual(['Queued']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('can be dismissed early', () => {
    const id = showToast('Dismiss me', 'warning');
    dismissToast(id);
    expect(messages()).toEqual([]);
  });
});
