/**
 * SPEC §4.1 session check and what surrounds a session: finishing a sign-in, signing out,
 * and the invalid-session causes of §4.5. Amplify is imported only when this browser holds a
 * stored session (or is coming back from an OAuth redirect), so anonymous visitors never
 * download it. A network failure never signs anyone out: offline, the last session stays.
 */
import { trackEvent } from './analytics';
import { runtimeConfig } from './runtime-config';
import { session, setSignedIn, setSignedOut, setTokenRefresher } from './session-store';

/** The configured identity module; every screen that talks to the user pool goes through here. */
export async function identityService() {
  const module = await import('./identity');
  module.configureIdentity(runtimeConfig().auth);
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

function hasStoredSession(): boolean {
  return readStorage(storageKey('LastAuthUser')) !== null;
}

function returningFromOAuth(): boolean {
  if (typeof window === 'undefined') return false; // prerendering at build time
  const params = new URLSearchParams(window.location.search);
  return Boolean(runtimeConfig().auth.oauth && params.has('code') && params.has('state'));
}

/**
 * Who was signed in on this device, read from the stored ID token without asking the service:
 * used only when the service cannot be reached, so saved data stays readable offline.
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
 */
async function endSessionLocally(): Promise<void> {
  setSignedOut();
  const [{ clearAccountData }, { clearUploadRecords }] = await Promise.all([import('./account'), import('./uploads')]);
  await Promise.all([clearAccountData(), clearUploadRecords()]);
}

export async function refreshSession(): Promise<void> {
  if (!hasStoredSession() && !returningFromOAuth()) {
    if (session.status !== 'signed-out') setSignedOut();
    return;
  }
  try {
    const identity = await identityService();
    const snapshot = await identity.currentSession();
    setSignedIn({ sub: snapshot.sub, email: snapshot.email }, snapshot.idToken);
    setTokenRefresher(async () => (await identity.currentSession()).idToken);
    void rememberIdentityId(snapshot.identityId);
  } catch (error) {
    console.error('Session check failed', error);
    if (isNetworkFailure(error)) {
      if (session.status === 'signed-in') return;
      const last = lastKnownSession();
      if (last) return setSignedIn(last.user, last.token);
    }
    await endSessionLocally();
  }
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

export async function signOut(scope: 'here' | 'everywhere' = 'here'): Promise<void> {
  if (hasStoredSession()) {
    // While the session still lets the API free what storage holds for them (SPEC §9).
    await (await import('./uploads')).cancelAllUploads().catch((error: unknown) => console.error('Cancelling uploads failed', error));
    const identity = await identityService();
    await (scope === 'everywhere' ? identity.signOutEverywhere() : identity.signOutHere());
  }
  await endSessionLocally();
}
