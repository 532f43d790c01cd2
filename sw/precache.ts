/// <reference lib="webworker" />
/**
 * The precache (the shell, every route chunk, every content entry), installed so that a dropped connection cannot
 * undo it (issue 56). Workbox's own install fetches its 280 entries one after another and starts again from nothing
 * when one fails: on a slow connection that is minutes during which any drop leaves the browser with no worker at all.
 * Here every entry already in the cache stays there, the rest is fetched six at a time, and:
 * - a first install takes the hashed files the browser already holds (the page just loaded them: `only-if-cached`
 *   costs no round trip) and the shell, then activates, so the screen in front of the person reloads offline as soon
 *   as possible;
 * - the rest is filled in when a page asks (FILL_PRECACHE, src/data/device/service-worker.ts), what that page uses
 *   first, and the page is told when every entry is there — the app is then ready to work offline;
 * - an update is installed whole before it may take over, as before: the version in use keeps working meanwhile.
 * Serving and clean-up are Workbox's (PrecacheRoute, PrecacheController.activate).
 */
import { PrecacheController, PrecacheRoute, type PrecacheEntry, type urlManipulation } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { FILL_PRECACHE, type FillReport } from '../src/domain/offline-ready';

declare const self: ServiceWorkerGlobalScope;

const AT_ONCE = 6;
const SHELL = '/index.html';

/** Runs `work` on every item, `AT_ONCE` at a time; resolves with how many succeeded. */
async function eachAtOnce<T>(items: T[], work: (item: T) => Promise<unknown>): Promise<number> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      if (
        await work(item).then(
          () => true,
          () => false,
        )
      )
        done++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker));
  return done;
}

export function precacheResumably(entries: (string | PrecacheEntry)[], options: { urlManipulation?: urlManipulation } = {}) {
  const controller = new PrecacheController();
  controller.addToCacheList(entries);
  registerRoute(new PrecacheRoute(controller, options));

  const open = () => caches.open(controller.strategy.cacheName);

  /** The entries not in the cache yet: [url, cache key]. */
  async function missing(): Promise<[string, string][]> {
    const held = new Set((await (await open()).keys()).map((request) => request.url));
    return [...controller.getURLsToCacheKeys()].filter(([, key]) => !held.has(key));
  }

  /** Fetches one entry into the cache; `only-if-cached` takes it from the browser's HTTP cache or fails at once. */
  async function keep([url, key]: [string, string], cache: Cache, fromBrowserOnly = false): Promise<void> {
    // A revisioned entry (index.html, content) may be stale in the HTTP cache; a hashed one never is.
    const revisioned = new URL(key).searchParams.has('__WB_REVISION__');
    const mode: RequestCache = fromBrowserOnly ? 'only-if-cached' : revisioned ? 'reload' : 'default';
    const answer = await fetch(url, { cache: mode, mode: 'same-origin', credentials: 'same-origin' });
    if (!answer.ok || answer.redirected) throw new Error(`${url} answered ${answer.status}`);
    await cache.put(key, answer);
  }

  /** Every missing entry, those `first` names before the rest; answers whether none is missing now. */
  async function fill(first: string[] = []): Promise<FillReport> {
    const cache = await open();
    const keyOf = (url: string) => {
      const address = new URL(url, self.location.href);
      const variants = [address, ...(options.urlManipulation?.({ url: address }) ?? [])];
      return variants.map((variant) => controller.getCacheKeyForURL(variant.href)).find(Boolean);
    };
    const wanted = new Set(first.map(keyOf));
    const todo = (await missing()).sort(([, a], [, b]) => Number(wanted.has(b)) - Number(wanted.has(a)));
    const kept = await eachAtOnce(todo, (entry) => keep(entry, cache));
    const total = controller.getURLsToCacheKeys().size;
    return { complete: kept === todo.length, held: total - todo.length + kept, total };
  }

  self.addEventListener('install', (event) => {
    event.waitUntil(
      (async () => {
        // An update takes over only whole: the version in use keeps working until then.
        if (self.registration.active) {
          if (!(await fill()).complete) throw new Error('The new version could not be fetched whole; the browser tries again later.');
          return;
        }
        // A hashed file the browser holds is this build's; a revisioned one (the shell, content) may be an older build's.
        const cache = await open();
        const hashed = (await missing()).filter(([, key]) => !new URL(key).searchParams.has('__WB_REVISION__'));
        await eachAtOnce(hashed, (entry) => keep(entry, cache, true));
        const shell = controller.getCacheKeyForURL(SHELL);
        if (shell && !(await cache.match(shell))) await keep([SHELL, shell], cache);
      })(),
    );
  });
  self.addEventListener('activate', (event) => void controller.activate(event));

  // A page asks for the rest (with what it uses first) and hears back when all of it is here.
  self.addEventListener('message', (event) => {
    const data = event.data as { type?: string; first?: unknown } | null;
    if (data?.type !== FILL_PRECACHE) return;
    const first = Array.isArray(data.first) ? data.first.filter((url): url is string => typeof url === 'string') : [];
    const reply = event.ports[0];
    event.waitUntil(
      fill(first).then(
        (report) => reply?.postMessage(report),
        () => reply?.postMessage({ complete: false, held: 0, total: controller.getURLsToCacheKeys().size } satisfies FillReport),
      ),
    );
  });

  return controller;
}
