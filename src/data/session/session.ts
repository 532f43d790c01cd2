/**
 * SPEC §4.1 session check and what surrounds a session: finishing a sign-in, signing out,
 * and the invalid-session causes of §4.5. Amplify is imported only when this browser holds a
 * stored session (or is coming back from an OAuth redirect), so anonymous visitors never
 * download it. A network failure never signs anyone out: offline, the last session stays.
 */
import { trackEvent } from '../device/analytics';
import { runtimeConfig } from '../api/runtime-config';
import {
  guardInputsChanged,
  renewingSession,
  session,
  setSignedIn,
  setSignedOut,
  setTokenRefresher,
  tokenExpiresAt,
  currentIdToken,
} from './session-store';

/** The configured identity module; every screen that talks to the user pool goes through here. */
export async function identityService() {
  const module = await import('./identity');
  await module.configureIdentity(runtimeConfig().auth, redirectInFlight());
  return module;
}

function storageKey(suffix: string): string {
  return `CognitoIdentityServiceProvider.${runtimeConfig().auth.userPoolClientId}.${suffix}`;
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Removes Amplify's keys for this app client from localStorage. */
function forgetStoredTokens(): void {
  try {
    const prefix = storageKey('');
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  } catch {
    // Storage refused (private mode): nothing was kept there.
  }
}

function hasStoredSession(): boolean {
  return readStorage(storageKey('LastAuthUser')) !== null;
}

/**
 * Set while IndexedDB may hold a signed-in person's records. A session can end in a tab that
 * closes before it clears them (Amplify drops its tokens the moment a refresh is refused); the
 * next start finds the mark without a session and clears them then.
 */
const ACCOUNT_ON_DEVICE = 'caramel.accountOnDevice';

function markAccountOnDevice(present: boolean): void {
  try {
    if (present) localStorage.setItem(ACCOUNT_ON_DEVICE, 'true');
    else localStorage.removeItem(ACCOUNT_ON_DEVICE);
  } catch {
    // Storage refused (private mode): nothing more to remember than what the session holds.
  }
}

function signedIn(user: { sub: string; email: string }, token: string): void {
  markAccountOnDevice(true);
  setSignedIn(user, token);
  // The service worker's copy, for sending what waits while the app is closed (device-session.ts).
  const lastUser = readStorage(storageKey('LastAuthUser'));
  const refreshToken = lastUser ? readStorage(storageKey(`${lastUser}.refreshToken`)) : null;
  void import('./device-session')
    .then(({ keepDeviceSession }) => keepDeviceSession(runtimeConfig().auth, user.sub, token, refreshToken))
    .catch((error: unknown) => console.error('Keeping the session for the service worker failed', error));
}

/** Amplify's mark of a redirect sign-in under way: set on leaving for the hosted sign-in, cleared once settled. */
function redirectInFlight(): boolean {
  return Boolean(runtimeConfig().auth.oauth) && readStorage(storageKey('inflightOAuth')) === 'true';
}

/**
 * Back from the hosted sign-in this browser went to, with a code or an error: Amplify finishes
 * (or reports) the round trip it marked as in flight.
 */
function returningFromOAuth(): boolean {
  if (typeof window === 'undefined') return false; // prerendering at build time
  const params = new URLSearchParams(window.location.search);
  return params.has('state') && (params.has('code') || params.has('error')) && redirectInFlight();
}

/** Amplify marks a session that came through the hosted sign-in; signing out ends that one there too. */
function signedInThroughHostedSignIn(): boolean {
  return readStorage(storageKey('oauthSignIn'))?.startsWith('true') ?? false;
}

/** The hosted sign-in's logout page, which ends its session and comes back to `/sign-out` (SPEC §7). */
export function hostedSignOutUrl(): string | null {
  const { oauth, userPoolClientId } = runtimeConfig().auth;
  if (!oauth) return null;
  const back = new URL('/sign-out', oauth.redirectUrl).href;
  return `https://${oauth.domain}/logout?client_id=${encodeURIComponent(userPoolClientId)}&logout_uri=${encodeURIComponent(back)}`;
}

/** SPEC §9: how long sign-out waits for the browser to leave for the hosted logout page. */
const SIGN_OUT_REDIRECT_TIMEOUT_MS = 3000;

/**
 * Who was signed in on this device, read from the stored ID token without asking the service: the session a
 * navigation starts from (restoreSession), and the one that stands while the service cannot be reached.
 */
function lastKnownSession(): { user: { sub: string; email: string }; token: string } | null {
  const lastUser = readStorage(storageKey('LastAuthUser'));
  const token = lastUser ? readStorage(storageKey(`${lastUser}.idToken`)) : null;
  const payload = token?.split('.')[1];
  if (!token || !payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string; email?: string };
    return claims.sub ? { user: { sub: claims.sub, email: claims.email ?? '' }, token } : null;
  } catch {
    return null;
  }
}

function isNetworkFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NetworkError' || error instanceof TypeError;
}

/**
 * Local sign-out and cleanup after the service said the session is gone (SPEC §4.5). Only
 * reached when this browser held a session, so anonymous visitors never load IndexedDB code.
 * The device's copy is cleared before the session reads as ended, so the sign-in screen that
 * follows never sits beside the last person's records on a shared device.
 */
async function endSessionLocally(): Promise<void> {
  const wasSignedIn = session.status === 'signed-in';
  try {
    const [{ clearAccountData }, { clearUploadRecords }] = await Promise.all([import('./account'), import('../device/uploads')]);
    await Promise.all([clearAccountData(), clearUploadRecords()]);
    markAccountOnDevice(false);
  } finally {
    setSignedOut();
    // A screen drawn for the person (restored from this device's tokens) goes to sign-in now.
    if (wasSignedIn) guardInputsChanged();
  }
}

/** `forceRefresh`: new tokens from the pool even when the stored ones are still valid (after an account change). */
export async function refreshSession(options: { forceRefresh?: boolean } = {}): Promise<void> {
  if (!hasStoredSession() && !returningFromOAuth()) {
    if (readStorage(ACCOUNT_ON_DEVICE)) await endSessionLocally();
    else if (session.status !== 'signed-out') setSignedOut();
    return;
  }
  try {
    const identity = await identityService();
    const snapshot = await identity.currentSession(options);
    signedIn({ sub: snapshot.sub, email: snapshot.email }, snapshot.idToken);
    setTokenRefresher(async () => (await identity.currentSession()).idToken);
    renewAheadOfExpiry(snapshot.idToken);
    void rememberIdentityId(snapshot.identityId);
  } catch (error) {
    console.error('Session check failed', error);
    if (isNetworkFailure(error)) {
      if (session.status === 'signed-in') return;
      const last = lastKnownSession();
      if (last) return signedIn(last.user, last.token);
    }
    // The service refused these tokens: the next navigation must not restore the session from them again (Amplify
    // drops them itself on a refused refresh, not on every refusal).
    forgetStoredTokens();
    await endSessionLocally();
  }
}

/** How long before its token runs out the session is renewed, behind the screen. */
const RENEW_AHEAD_MS = 5 * 60_000;
let renewTimer: ReturnType<typeof setTimeout> | undefined;

/** Asks the identity service for new tokens shortly before `token` runs out, so no tap ever waits for it. */
function renewAheadOfExpiry(token: string): void {
  clearTimeout(renewTimer);
  const due = Math.max(0, tokenExpiresAt(token) - RENEW_AHEAD_MS - Date.now());
  // Timers past 2^31 ms fire at once; a token that long-lived is renewed when the session is next checked.
  if (due < 2 ** 31 - 1) renewTimer = setTimeout(() => void checkSessionBehindScreen({ forceRefresh: true }), due);
}

let checking: Promise<void> | undefined;

/** The identity service's word on the restored session, asked once at a time; calls that need a new token wait for it. */
function checkSessionBehindScreen(options: { forceRefresh?: boolean } = {}): Promise<void> {
  checking ??= refreshSession(options).finally(() => (checking = undefined));
  renewingSession(checking);
  return checking;
}

/**
 * Device first (issue 56, STYLE.md rule 18): who is signed in comes from the tokens this device holds, at once, on
 * every navigation; the identity service is asked behind the screen (a refusal then signs the person out and the
 * guards run again). Only with nothing held — or on the way back from the hosted sign-in — does the navigation wait.
 */
export async function restoreSession(): Promise<void> {
  if (returningFromOAuth()) return refreshSession();
  if (!hasStoredSession()) {
    if (session.status !== 'signed-out' || readStorage(ACCOUNT_ON_DEVICE)) await refreshSession();
    return;
  }
  if (session.status === 'signed-in') return;
  const last = lastKnownSession();
  if (!last) return refreshSession();
  signedIn(last.user, last.token);
  // Until the identity service has answered, a call whose token ran out waits for its answer.
  setTokenRefresher(async () => {
    await checkSessionBehindScreen();
    return currentIdToken();
  });
  void checkSessionBehindScreen();
}

/** SPEC §7: the profile learns the identity id once; a failure is only logged. */
async function rememberIdentityId(identityId: string | undefined): Promise<void> {
  if (!identityId) return;
  const { storeIdentityId } = await import('./account');
  await storeIdentityId(identityId);
}

/**
 * After the service confirmed a sign-in: load the session and the user's records, and report
 * 'sign-in successful'. Answers whether the user still owes the sign-up details.
 */
export async function completeSignIn(): Promise<{ needsDetails: boolean }> {
  await refreshSession();
  if (session.status !== 'signed-in') throw Object.assign(new Error('No current user.'), { name: 'UserUnAuthenticatedException' });
  const { loadDashboard, loadProfile } = await import('./account');
  const [profile] = await Promise.all([loadProfile(), loadDashboard()]);
  trackEvent('sign-in successful', { registered: true });
  return { needsDetails: profile ? !profile.isAdditionalDetailsSubmitted : false };
}

/**
 * Signs out: uploads cancelled while the session still lets the API free what storage holds
 * (SPEC §9), this device's data cleared, then the pool's sign-out — which, for a session from
 * the hosted sign-in, leaves for its logout page (so the local part goes first). A browser still
 * here 3 s later did not get there: 'Signout timeout fail' (SPEC §8).
 */
export async function signOut(scope: 'here' | 'everywhere' = 'here'): Promise<void> {
  if (!hasStoredSession()) return endSessionLocally();
  await (await import('../device/uploads')).cancelAllUploads().catch((error: unknown) => console.error('Cancelling uploads failed', error));
  // This device stops taking the person's notifications while the session still lets it tell the API.
  await (
    await import('../device/push')
  )
    .turnOffNotifications({ bestEffort: true })
    .catch((error: unknown) => console.error('Turning notifications off failed', error));
  const hosted = signedInThroughHostedSignIn();
  await endSessionLocally();
  const identity = await identityService();
  await (scope === 'everywhere' ? identity.signOutEverywhere() : identity.signOutHere());
  if (!hosted) return;
  await new Promise((resolve) => setTimeout(resolve, SIGN_OUT_REDIRECT_TIMEOUT_MS));
  throw Object.assign(new Error('Signout timeout fail'), { name: 'SignOutTimeout' });
}
