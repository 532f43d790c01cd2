/// <reference lib="webworker" />
/**
 * The service worker, composed from its modules: precache the shell, every route chunk and
 * every content entry; answer SPA navigations with the shell; answer the runtime config from its
 * kept copy and refresh it behind; show pushes and open their screen; send the outbox when the connection returns
 * with the app closed. Never caches /api or anything personal. Updates wait for the page to ask
 * (prompt mode: the app posts SKIP_WAITING when the user chooses to reload).
 */
import { setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { CACHE_PREFIX, CACHE_VERSION, CONFIG_CACHE } from './cache-names';
import { contentEntryVariants } from './content-entries';
import { NAVIGATION_DENYLIST } from './navigation';
import { precacheResumably } from './precache';
import { signedInHere } from '../src/data/session/device-session';
import { sendInTheBackground } from './background-send';
import { handleNotifications } from './notifications';
import { followSubscriptionChanges } from './subscription-change';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

setCacheNameDetails({ prefix: CACHE_PREFIX, suffix: CACHE_VERSION });
const precache = precacheResumably(self.__WB_MANIFEST, { urlManipulation: contentEntryVariants });
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

// The runtime configuration is public and the same for everyone. A start never waits for it (issue 56): the kept copy
// answers at once and the network's is kept behind it, so a changed configuration takes effect on the next start, as a
// new build does.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
  new StaleWhileRevalidate({ cacheName: CONFIG_CACHE }),
);

// The first page load fetched /config.json before this worker controlled it: keep a copy now, so the very next start
// works offline — the browser's own copy of that load when the connection has just dropped.
self.addEventListener('install', (event) => {
  const fetchConfig = () =>
    fetch('/config.json', { cache: 'no-cache' }).catch(() => fetch('/config.json', { cache: 'only-if-cached', mode: 'same-origin' }));
  event.waitUntil(
    (async () => {
      const answer = await fetchConfig();
      if (!answer.ok) throw new Error(`/config.json answered ${answer.status}`);
      await (await caches.open(CONFIG_CACHE)).put('/config.json', answer);
    })(),
  );
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
