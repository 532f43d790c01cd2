/**
 * Session and dashboard state (valtio): who is signed in and the dashboard counts (SPEC §3
 * "dashboard state holds count and isNewUser"). Server records such as the profile live in
 * IndexedDB (db.ts), not here. The ID token is kept outside the proxy so it never renders.
 */
import { proxy, subscribe } from 'valtio/vanilla';

export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

export interface DashboardCounts {
  activeTransactions: number;
  offers: number;
  previousTransactions: number;
  /** Messages from the other party of an offer or a deal not seen yet (the navigation and the app icon show it). */
  unreadMessages: number;
}

export interface SessionState {
  status: SessionStatus;
  user: { sub: string; email: string } | null;
  dashboard: { count: DashboardCounts; isNewUser: boolean } | null;
}

export const session = proxy<SessionState>({ status: 'unknown', user: null, dashboard: null });

let idToken: string | undefined;

export function currentIdToken(): string | undefined {
  return session.status === 'signed-in' ? idToken : undefined;
}

let refreshIdToken: (() => Promise<string | undefined>) | undefined;

/** How to get a token the identity service has refreshed (the session module sets it once it has a session). */
export function setTokenRefresher(refresh: () => Promise<string | undefined>): void {
  refreshIdToken = refresh;
}

/** A current ID token for a caller that outlives one (the upload worker): refreshed when it has expired. */
export async function freshIdToken(): Promise<string | undefined> {
  try {
    return (await refreshIdToken?.()) ?? currentIdToken();
  } catch {
    return currentIdToken();
  }
}

/** When a token runs out (its `exp`, in ms), read without checking it: the API checks it; this only says when to renew. */
export function tokenExpiresAt(token: string): number {
  try {
    const claims = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return (claims.exp ?? 0) * 1000;
  } catch {
    return 0;
  }
}

/** A call sent with less than this left on its token would meet a token expired on arrival. */
const SPENT_WITHIN_MS = 30_000;

let renewal: Promise<unknown> | undefined;

/** The identity service's check of the session the device restored (session.ts), while it runs. */
export function renewingSession(check: Promise<unknown>): void {
  const current = check
    .catch(() => undefined)
    .finally(() => {
      if (renewal === current) renewal = undefined;
    });
  renewal = current;
}

/**
 * The token for an API call. Navigation never waits for the identity service (the session comes from the tokens the
 * device holds); a call does, when the token it would carry has run out and the service is being asked for a new one.
 */
export async function tokenForCall(): Promise<string | undefined> {
  await sessionKnown();
  const token = currentIdToken();
  if (!token || tokenExpiresAt(token) - SPENT_WITHIN_MS > Date.now()) return token;
  if (renewal) {
    await renewal;
    return currentIdToken();
  }
  return freshIdToken();
}

export function setSignedIn(user: { sub: string; email: string }, token: string): void {
  idToken = token;
  session.user = user;
  session.status = 'signed-in';
}

export function setSignedOut(): void {
  idToken = undefined;
  session.user = null;
  session.dashboard = null;
  session.status = 'signed-out';
}

type GuardInputsListener = () => void;
const guardInputsListeners = new Set<GuardInputsListener>();

/**
 * Guards decide on the device's copies (issue 56); when a fresh answer changes what they decided on (the session ended,
 * the profile's type or sign-up details changed), the app runs them again (main.tsx revalidates the router).
 */
export function onGuardInputsChanged(listener: GuardInputsListener): () => void {
  guardInputsListeners.add(listener);
  return () => void guardInputsListeners.delete(listener);
}

export function guardInputsChanged(): void {
  guardInputsListeners.forEach((listener) => listener());
}

export function setDashboard(count: DashboardCounts | null): void {
  session.dashboard = count
    ? { count, isNewUser: count.activeTransactions === 0 && count.offers === 0 && count.previousTransactions === 0 }
    : null;
}

/**
 * Resolves once the first session check has answered. Route loaders run alongside the
 * navigation pipeline, so a call made on page load waits here instead of going out anonymous.
 */
export function sessionKnown(): Promise<void> {
  if (session.status !== 'unknown') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribe(session, () => {
      if (session.status === 'unknown') return;
      stop();
      resolve();
    });
  });
}
