/**
 * Whether the browser believes it is online, as UI state (valtio), kept current by its events;
 * and whether the tab holds the live stream of changes (live.ts) or refreshes without one.
 */
import { proxy } from 'valtio/vanilla';

export const connectivity = proxy<{ online: boolean; live: 'off' | 'streaming' | 'polling' }>({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  live: 'off',
});

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => (connectivity.online = true));
  window.addEventListener('offline', () => (connectivity.online = false));
}
