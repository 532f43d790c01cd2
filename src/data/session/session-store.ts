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

let refreshIdToken: (() => Promise<string>) | undefined;

/** How to get a token the identity service has refreshed (the session module sets it once it has a session). */
export function setTokenRefresher(refresh: () => Promise<string>): void {
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
