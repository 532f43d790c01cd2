/**
 * The app's own files on this device (DESIGN.md §7, issue 56). The service worker is registered once the page has
 * loaded and kept at until it is active: a registration or an install that a dropped connection cut is tried again
 * when the connection returns, and after growing pauses (2 s to 1 min). Once a worker is active it is asked to fetch
 * what its precache still lacks, the files this screen uses first (sw/precache.ts); `offlineFiles` says when all of
 * them are here — the app then works offline — and the screens show it. A page the worker already serves asks too:
 * that repairs a precache the browser trimmed.
 */
import { proxy } from 'valtio/vanilla';
import { FILL_PRECACHE, type FillReport } from '../../domain/offline-ready';

export const servedByServiceWorker = (): boolean => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/** `unknown` until this page starts on it (and in a prerendered page), `unavailable` where there is no service worker. */
export const offlineFiles = proxy<{ state: 'unknown' | 'saving' | 'ready' | 'unavailable'; held: number; total: number }>({
  state: 'unknown',
  held: 0,
  total: 0,
});

const FIRST_PAUSE_MS = 2000;
const LONGEST_PAUSE_MS = 60_000;
/** A worker stopped by the browser mid-fill never answers; the page asks again after this. */
const FILL_ANSWER_MS = 4 * 60_000;

/** Resolves with the registration's active worker; rejects when its install failed (the worker became redundant). */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  if (registration.active) return Promise.resolve(registration.active);
  const pending = registration.installing ?? registration.waiting;
  if (!pending) return Promise.reject(new Error('No service worker is installing'));
  return new Promise((resolve, reject) => {
    pending.addEventListener('statechange', () => {
      if (registration.active) resolve(registration.active);
      else if (pending.state === 'redundant') reject(new Error('The service worker install did not finish'));
    });
  });
}

/** The same-origin files this page has loaded: the worker fetches these first. */
function usedHere(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(window.location.origin));
}

function askToFill(worker: ServiceWorker): Promise<FillReport> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => reject(new Error('The service worker did not answer')), FILL_ANSWER_MS);
    channel.port1.onmessage = (event: MessageEvent<FillReport>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage({ type: FILL_PRECACHE, first: usedHere() }, [channel.port2]);
  });
}

async function makeReady(): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const report = await askToFill(await activeWorker(registration));
  offlineFiles.held = report.held;
  offlineFiles.total = report.total;
  if (!report.complete) throw new Error(`${report.held} of ${report.total} of the app's files are on this device`);
  offlineFiles.state = 'ready';
}

const online = () => new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers the service worker after the page has loaded and keeps at it until the app works offline. */
export function keepOfflineReady(): void {
  // Only a production build has one (vite-plugin-pwa writes /sw.js).
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) {
    offlineFiles.state = 'unavailable';
    return;
  }
  offlineFiles.state = 'saving';
  const run = async () => {
    for (let wait = FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
      try {
        return await makeReady();
      } catch (error) {
        console.warn('The app is not ready to work offline yet; trying again', error);
      }
      await (navigator.onLine ? Promise.race([online(), pause(wait)]) : online());
    }
  };
  if (document.readyState === 'complete') void run();
  else window.addEventListener('load', () => void run(), { once: true });
}
