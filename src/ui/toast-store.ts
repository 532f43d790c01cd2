/**
 * Toasts (snackbar): a stack of short messages that hide themselves after 5000 ms (SPEC §9)
 * unless the user is hovering or focusing them, which pauses every timer until they leave.
 * State is valtio (UI state); the timers live beside it, never in the proxy.
 */
import { proxy } from 'valtio';

export const TOAST_AUTO_HIDE_MS = 5000;

export type ToastKind = 'info' | 'success' | 'warning' | 'danger';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Where the notice leads, as a link in it (following it dismisses the notice). */
  link?: { to: string; label: string };
}

export const toastState = proxy({ toasts: [] as Toast[], paused: false });

const timers = new Map<number, { handle?: ReturnType<typeof setTimeout>; remaining: number; startedAt: number }>();
let nextId = 1;

function schedule(id: number) {
  const timer = timers.get(id);
  if (!timer) return;
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => dismissToast(id), timer.remaining);
}

export function showToast(message: string, kind: ToastKind = 'info', durationMs = TOAST_AUTO_HIDE_MS, link?: Toast['link']): number {
  const id = nextId++;
  toastState.toasts.push({ id, kind, message, ...(link ? { link } : {}) });
  timers.set(id, { remaining: durationMs, startedAt: Date.now() });
  if (!toastState.paused) schedule(id);
  return id;
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id)?.handle);
  timers.delete(id);
  toastState.toasts = toastState.toasts.filter((toast) => toast.id !== id);
}

export function pauseToasts(): void {
  if (toastState.paused) return;
  toastState.paused = true;
  for (const timer of timers.values()) {
    clearTimeout(timer.handle);
    timer.handle = undefined;
    timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  }
}

export function resumeToasts(): void {
  if (!toastState.paused) return;
  toastState.paused = false;
  for (const id of timers.keys()) schedule(id);
}
