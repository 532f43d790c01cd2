/**
 * One ticking clock for every relative time on screen ("releases in 47 h 59 min", DESIGN.md §11):
 * a single timer while anything shows a time, looked at again the moment the tab comes back. It
 * reads the time rounded up to the next whole `resolution`, so a time left worked out from it is
 * never more than is left — a page open since before the handover reads what a fresh one reads.
 */
import { useSyncExternalStore } from 'react';

const TICK_MS = 1000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

const tick = () => listeners.forEach((listener) => listener());
const onVisible = () => document.visibilityState === 'visible' && tick();

export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(tick, TICK_MS);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size || !timer) return;
    clearInterval(timer);
    timer = undefined;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
  };
}

/** The time now, rounded up to the next whole `resolutionMs` (never earlier than the real time). */
export const readClock = (resolutionMs: number, now = Date.now()) => Math.ceil(now / resolutionMs) * resolutionMs;

/** The shared clock, changing once per `resolutionMs` (a minute unless said). */
export function useNow(resolutionMs = 60_000): number {
  return useSyncExternalStore(subscribeClock, () => readClock(resolutionMs));
}
