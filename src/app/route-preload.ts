/**
 * Route preloading (SPEC §9: at most 4 at a time): when a pointer rests on, a finger touches,
 * or the keyboard focuses a link to another page of the app, that page's code is fetched, so
 * the navigation that follows does not wait for it. Not on slow connections, and never more
 * than 4 imports in flight; the rest wait their turn.
 */
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { isSlowConnection } from '../data/device/idle';

export const MAX_CONCURRENT_PRELOADS = 4;

type Load = () => Promise<unknown>;

/** A queue that runs at most `limit` loads at once and each distinct key once. */
export function createPreloadQueue(limit = MAX_CONCURRENT_PRELOADS) {
  const seen = new Set<string>();
  const waiting: Load[] = [];
  let running = 0;
  const next = () => {
    while (running < limit && waiting.length) {
      const load = waiting.shift()!;
      running++;
      void load()
        .catch(() => undefined) // a failed preload is retried by the navigation itself
        .finally(() => {
          running--;
          next();
        });
    }
  };
  return {
    add(key: string, load: Load) {
      if (seen.has(key)) return;
      seen.add(key);
      waiting.push(load);
      next();
    },
    get running() {
      return running;
    },
  };
}

/** Listens for intent on internal links and preloads the lazy routes their paths match. */
export function startRoutePreloading(routes: RouteObject[]): void {
  const queue = createPreloadQueue();
  const onIntent = (event: Event) => {
    if (isSlowConnection()) return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.target) return;
    for (const match of matchRoutes(routes, link.pathname) ?? []) {
      const lazy = match.route.lazy;
      if (typeof lazy === 'function') queue.add(match.route.path ?? match.pathnameBase, lazy as Load);
    }
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) document.addEventListener(type, onIntent, { passive: true });
}
