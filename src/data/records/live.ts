/**
 * Live progress in this tab (DESIGN.md §11). While a user is signed in, the tab holds the API's
 * stream of change notices (kind, id, version) and follows each (live-records.ts: per record, in
 * order, coalesced, idempotent); every screen follows, since screens read IndexedDB. The
 * stream is opened with fetch, so the ID token goes in a header as on every call; it reconnects
 * with growing pauses (1 s to 30 s) and the id of the last notice it had, and the API sends what
 * was missed (or says to refresh everything). While it cannot stream — offline, refused, an
 * older browser — the tab refreshes everything when it regains focus and every 60 s.
 */
import { eventStreamParser, type StreamEvent } from '../../domain/event-stream';
import { changeNoticeSchema, LIVE_EVENTS, LIVE_PATH, type ChangeNotice } from '../../domain/live-contract';
import { subscribe } from 'valtio/vanilla';
import { loadDashboard } from '../session/account';
import { apiUrl } from '../api/api-client';
import { connectivity } from '../device/connectivity';
import { db } from '../db';
import { refreshDeal } from './deals';
import { followRecord } from './live-records';
import { refreshNotifications } from './notifications';
import { refreshOffers } from './offer-store';
import { freshIdToken, session } from '../session/session-store';
import { detailBehind, refreshTransaction, refreshTransactions } from './transactions';

const POLL_MS = 60_000;
const FIRST_PAUSE_MS = 1000;
const LONGEST_PAUSE_MS = 30_000;

let countsTimer: ReturnType<typeof setTimeout> | undefined;
/** The dashboard counts follow too, once a burst of notices has passed. */
function refreshCountsSoon() {
  clearTimeout(countsTimer);
  countsTimer = setTimeout(() => void loadDashboard(), 500);
}

type LiveListener = (notice?: ChangeNotice) => void;
const listeners = new Set<LiveListener>();

/**
 * Calls `listener` after each change this tab hears (with its notice; none after everything was
 * fetched again), for screens that show an API answer or more than one record; answers how to stop.
 */
export function onLiveChange(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const tellListeners = (notice?: ChangeNotice) => listeners.forEach((listener) => listener(notice));

async function apply(notice: ChangeNotice) {
  await followRecord(notice);
  refreshCountsSoon();
  tellListeners(notice);
}

/** Everything the tab shows, fetched again: when notices cannot be replayed, or the tab has no stream. */
export async function catchUpAll(): Promise<void> {
  await Promise.allSettled([
    // A transaction whose saved detail is behind the list: fetch the detail again, since a screen may show it.
    refreshTransactions().then(async () => {
      const behind = (await db.transactions.toArray()).filter(detailBehind);
      await Promise.allSettled(behind.map((row) => refreshTransaction(row.id)));
    }),
    refreshOffers(),
    refreshNotifications(),
    loadDashboard(),
    db.deals.toCollection().primaryKeys((ids) => Promise.allSettled(ids.map((id) => refreshDeal(id)))),
  ]);
  tellListeners();
}

/** The last notice this tab had, kept across reloads of the tab (per user), so a reload is sent only what it missed. */
const lastIdKey = () => `caramel.live.${session.user?.sub ?? ''}`;
const readLastId = () => sessionStorage.getItem(lastIdKey()) ?? undefined;
const keepLastId = (id: string) => sessionStorage.setItem(lastIdKey(), id);

let stream: AbortController | undefined;

function onEvent(event: StreamEvent, fresh: boolean) {
  if (event.id) keepLastId(event.id);
  if (event.event === LIVE_EVENTS.change) {
    const notice = changeNoticeSchema.safeParse(JSON.parse(event.data));
    if (notice.success) void apply(notice.data);
  } else if (event.event === LIVE_EVENTS.reset || (event.event === LIVE_EVENTS.ready && fresh)) void catchUpAll();
}

/** Holds one stream until it ends; answers whether it was open (a refusal or a network failure never opened). */
async function streamOnce(): Promise<boolean> {
  const token = await freshIdToken();
  if (!token) return false;
  stream = new AbortController();
  const lastId = readLastId();
  const answer = await fetch(apiUrl(LIVE_PATH, token), {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastId ? { 'last-event-id': lastId } : {}) },
    cache: 'no-store',
    signal: stream.signal,
  }).catch(() => undefined);
  if (!answer?.ok || !answer.body) return false;
  connectivity.live = 'streaming';
  const feed = eventStreamParser((event) => onEvent(event, lastId === undefined));
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      feed(value);
    }
  } catch {
    // the connection dropped, or the tab signed out
  } finally {
    connectivity.live = 'polling';
  }
  return true;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const signedIn = () => session.status === 'signed-in';

async function holdStream() {
  let pause = FIRST_PAUSE_MS;
  while (signedIn()) {
    if (!navigator.onLine) await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }));
    if (!signedIn()) break;
    if (await streamOnce()) pause = FIRST_PAUSE_MS;
    else pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    // Jitter spreads the tabs of a restarted API process over the pause.
    await Promise.race([
      wait(pause * (0.5 + Math.random() / 2)),
      new Promise((resolve) => window.addEventListener('online', resolve, { once: true })),
    ]);
  }
}

let started = false;

/** Starts live progress for this tab (once); it stops by itself at sign-out and starts again at the next sign-in. */
export function startLive(): void {
  if (started || typeof fetch === 'undefined' || typeof TextDecoderStream === 'undefined') return;
  started = true;
  connectivity.live = 'polling';
  let holding: Promise<void> | undefined;
  const hold = () => {
    if (signedIn() && !holding) holding = holdStream().finally(() => (holding = undefined));
  };
  hold();
  subscribe(session, () => {
    if (signedIn()) hold();
    else stream?.abort();
  });
  // The browser knows the connection is gone before the stream does: drop it now, and come back with the last id.
  window.addEventListener('offline', () => stream?.abort());
  // Without a stream: refresh on focus and every minute (DESIGN.md §11).
  const refreshWithoutStream = () => {
    if (signedIn() && connectivity.live !== 'streaming' && navigator.onLine && document.visibilityState === 'visible') void catchUpAll();
  };
  window.addEventListener('focus', refreshWithoutStream);
  document.addEventListener('visibilitychange', refreshWithoutStream);
  setInterval(refreshWithoutStream, POLL_MS);
}
