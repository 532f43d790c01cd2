/// <reference lib="webworker" />
/**
 * The service worker, composed from its modules: precache the shell, every route chunk and
 * every content entry; answer SPA navigations with the shell; keep the runtime config for
 * offline starts; show pushes and open their screen; send the outbox when the connection returns
 * with the app closed. Never caches /api or anything personal. Updates wait for the page to ask
 * (prompt mode: the app posts SKIP_WAITING when the user chooses to reload).
 */
import { setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CACHE_PREFIX, CACHE_VERSION, CONFIG_CACHE } from './cache-names';
import { contentEntryVariants } from './content-entries';
import { NAVIGATION_DENYLIST } from './navigation';
import { signedInHere } from '../src/data/session/device-session';
import { sendInTheBackground } from './background-send';
import { handleNotifications } from './notifications';
import { followSubscriptionChanges } from './subscription-change';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

setCacheNameDetails({ prefix: CACHE_PREFIX, suffix: CACHE_VERSION });
precacheAndRoute(self.__WB_MANIFEST, { urlManipulation: contentEntryVariants });
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

// The runtime configuration is public and the same for everyone: fresh when online, kept for offline starts.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: 3 }),
);

// The first page load fetched /config.json before this worker controlled it: keep a copy now,
// so the very next start works offline.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CONFIG_CACHE).then((cache) => cache.add('/config.json')));
});

self.addEventListener('activate', (event) => {
  // Drop runtime caches of older worker versions (precaches are handled by cleanupOutdatedCaches).
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(`${CACHE_PREFIX}-config-`) && name !== CONFIG_CACHE).map((name) => caches.delete(name)),
        ),
      ),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

handleNotifications(self, signedInHere);
sendInTheBackground();
followSubscriptionChanges(self);
