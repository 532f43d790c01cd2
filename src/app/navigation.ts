/**
 * The navigation pipeline of SPEC §2.8, run by the root route's loader on every navigation:
 * the general guard, then (when logged in) session, profile and dashboard, then the redirect
 * check by path, where an external target leaves the site. Route guards (guards.ts) wait for
 * this navigation's pipeline before they decide. Device first (issue 56): every step decides on
 * what this device holds — the session from its tokens, the profile and counts from IndexedDB —
 * and the network only refreshes them behind the screen; a first visit with nothing saved waits.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { DataRouter } from 'react-router-dom';
import { restoreSession } from '../data/session/session';
import { onGuardInputsChanged, session } from '../data/session/session-store';
import { redirectFor } from './redirects';
import { showToast } from '../ui/toast-store';

let pipeline: Promise<void> = Promise.resolve();

/** Resolves once the current navigation's session is known. */
export function pipelineSettled(): Promise<void> {
  return pipeline;
}

async function generalGuard(url: URL): Promise<void> {
  // Paths are matched without a trailing slash, so /dashboard/ and /dashboard are one page.
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) {
    throw redirect(url.pathname.replace(/\/+$/, '') + url.search + url.hash);
  }
}

/** Set once the tab shows live announcements (one subscription for the tab's life). */
let announcing: (() => void) | undefined;

async function loadSignedInData(): Promise<void> {
  await restoreSession();
  if (session.status !== 'signed-in') return;
  // Loaded only for signed-in users, so public pages never download IndexedDB code.
  const { accountOnDevice } = await import('../data/session/account');
  await accountOnDevice();
  // Actions taken offline (or in a tab that closed) go out once a session exists again.
  void import('../data/outbox/outbox').then(({ startOutbox }) => startOutbox());
  // Uploads a closed tab or an earlier visit left running carry on.
  void import('../data/device/uploads').then(({ startUploads }) => startUploads());
  // The other party's moves reach this tab as they happen (DESIGN.md §11); what is new for the person is said once, as a toast.
  void Promise.all([import('../data/records/live'), import('../data/records/live-records')]).then(([{ startLive }, { onAnnouncement }]) => {
    if (!announcing) announcing = onAnnouncement((news) => void showToast(news.text, 'info', undefined, news.link));
    startLive();
  });
}

export async function navigationLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  pipeline = (async () => {
    await generalGuard(url);
    await loadSignedInData();
  })();
  await pipeline;
  const target = redirectFor(url.pathname);
  if (target?.external) {
    window.location.assign(target.to);
    // Leaving the site: hold this navigation until the browser unloads the page.
    await new Promise(() => {});
  }
  if (target) throw redirect(target.to + url.search);
  return null;
}

let appRouter: Pick<DataRouter, 'revalidate' | 'navigate' | 'state'> | undefined;

/** When a fresh answer changes what the guards decided on (a session ended, a profile changed), they run again. */
export function guardAgainOnChange(router: Pick<DataRouter, 'revalidate' | 'navigate' | 'state'>): void {
  appRouter = router;
  onGuardInputsChanged(() => void router.revalidate());
}

/**
 * A transaction screen the party asked for, which the saved copy had not reached, is reached by the fresh one: they
 * are taken there if they are still where the guard sent them meanwhile (guards.ts listens once the guard is loaded).
 */
export function takeToAskedScreen({ to, from }: { to: string; from: string }): void {
  if (appRouter?.state.location.pathname === from) void appRouter.navigate(to, { replace: true });
}
