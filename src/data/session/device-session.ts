/**
 * The session the service worker acts with while the app is closed (issue 44, docs/security-and-reliability.md,
 * "The session the service worker acts with"): the app keeps a copy of its ID token and the identity service's refresh
 * token in IndexedDB, where a service worker can read them (it cannot read localStorage, where
 * Amplify keeps its own). It is the same token with the same reach, on the same origin, so it opens
 * nothing a script on the page could not already read; it is cleared with everything else at
 * sign-out, and a sign-out everywhere revokes the refresh token at the identity service, after
 * which the worker's refresh is refused and it clears the copy itself. The worker refreshes an ID
 * token that is about to expire with the identity service's own REFRESH_TOKEN_AUTH call.
 */
import { db } from '../db';
import type { RuntimeConfig } from '../api/runtime-config';

/** A token with less than this left is refreshed before use. */
const EXPIRY_MARGIN_S = 60;

export async function keepDeviceSession(auth: RuntimeConfig['auth'], sub: string, idToken: string, refreshToken: string | null) {
  await db.device.put({
    key: 'session',
    sub,
    idToken,
    refreshToken,
    clientId: auth.userPoolClientId,
    region: auth.region,
    ...(auth.userPoolEndpoint ? { endpoint: auth.userPoolEndpoint } : {}),
  });
}

/** Who is signed in on this device, or undefined. */
export async function signedInHere(): Promise<string | undefined> {
  const kept = await db.device.get('session');
  return kept?.key === 'session' ? kept.sub : undefined;
}

function claimsOf(token: string): { sub?: string; email?: string; exp?: number } {
  try {
    return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string; email?: string; exp?: number };
  } catch {
    return {};
  }
}

/**
 * The signed-in person and an ID token good for a while, refreshed when needed; undefined when no
 * one is signed in here, or the identity service refused the refresh (then the copy is cleared).
 * Throws when the identity service cannot be reached (the caller tries again later).
 */
export async function workerSession(): Promise<{ sub: string; email: string; idToken: string } | undefined> {
  const kept = await db.device.get('session');
  if (kept?.key !== 'session') return undefined;
  const claims = claimsOf(kept.idToken);
  if ((claims.exp ?? 0) - EXPIRY_MARGIN_S > Date.now() / 1000) return { sub: kept.sub, email: claims.email ?? '', idToken: kept.idToken };
  if (!kept.refreshToken) return undefined;
  const answer = await fetch(kept.endpoint ?? `https://cognito-idp.${kept.region}.amazonaws.com/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: kept.clientId, AuthParameters: { REFRESH_TOKEN: kept.refreshToken } }),
  });
  if (answer.status >= 500) throw new Error(`The identity service answered ${answer.status}.`);
  const idToken = answer.ok
    ? ((await answer.json()) as { AuthenticationResult?: { IdToken?: string } }).AuthenticationResult?.IdToken
    : undefined;
  if (!idToken) {
    await db.device.delete('session');
    return undefined;
  }
  await db.device.put({ ...kept, idToken });
  return { sub: kept.sub, email: claimsOf(idToken).email ?? '', idToken };
}
