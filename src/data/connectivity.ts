/** Whether the browser believes it is online, as UI state (valtio), kept current by its events. */
import { proxy } from 'valtio';

export const connectivity = proxy({ online: typeof navigator === 'undefined' ? true : navigator.onLine });

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => (connectivity.online = true));
  window.addEventListener('offline', () => (connectivity.online = false));
}
