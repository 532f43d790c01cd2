/**
 * Background Sync (issue 44): what waits in the outbox is handed to the service worker too, which
 * sends it when the connection returns even if the app was closed (sw/background-send.ts). A
 * browser without Background Sync sends on the next open, as before.
 */
export const OUTBOX_SYNC_TAG = 'caramel-outbox';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the service worker once the connection is back; never waits for a worker that is not there. */
export function sendWhenBackOnline(): void {
  const worker = navigator.serviceWorker;
  if (!worker?.controller) return;
  void worker.ready
    .then((registration: SyncRegistration) => registration.sync?.register(OUTBOX_SYNC_TAG))
    .catch((error: unknown) => console.error('Background Sync was refused', error));
}
