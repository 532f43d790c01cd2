/**
 * The app's only door to the user pool (aws-amplify v6). Loaded lazily: public pages of a
 * visitor who never signed in do not download Amplify (see session.ts). Screens reach these
 * through `identityService()` in session.ts, which configures Amplify first.
 */
import { Amplify } from 'aws-amplify';
import 'aws-amplify/auth/enable-oauth-listener';
import { Hub } from 'aws-amplify/utils';
import {
  autoSignIn,
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  deleteUser,
  fetchAuthSession,
  fetchMFAPreference,
  fetchUserAttributes,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  sendUserAttributeVerificationCode,
  setUpTOTP,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
  updateMFAPreference,
  updatePassword,
  updateUserAttributes,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { BRAND } from '../../domain/brand';
import { OAUTH_SCOPES } from '../../domain/social-sign-in';
import type { RuntimeConfig } from '../api/runtime-config';
import { socialSignInFailed } from './social-sign-in';

export {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  deleteUser,
  fetchMFAPreference,
  fetchUserAttributes,
  resendSignUpCode,
  sendUserAttributeVerificationCode,
  updatePassword,
  updateUserAttributes,
};

let configuredFor: RuntimeConfig['auth'] | undefined;

/** SPEC §9: how long a returning redirect sign-in may take to finish before the session is asked for anyway. */
const OAUTH_IN_PROGRESS_WAIT_MS = 10_000;

let redirectSettled: () => void = () => {};
const redirectOutcome = new Promise<void>((resolve) => (redirectSettled = resolve));

// Listening before Amplify is configured: configuring it completes a redirect sign-in at once.
Hub.listen('auth', ({ payload }) => {
  if (payload.event === 'signInWithRedirect_failure') socialSignInFailed(payload.data?.error);
  if (payload.event === 'signInWithRedirect' || payload.event === 'signInWithRedirect_failure') redirectSettled();
});

/** Resolves once Amplify has finished (or given up on) the redirect sign-in it found in flight. */
function redirectSignInSettled(): Promise<void> {
  return Promise.race([redirectOutcome, new Promise<void>((resolve) => setTimeout(resolve, OAUTH_IN_PROGRESS_WAIT_MS))]);
}

let ready: Promise<void> = Promise.resolve();

/**
 * Configures Amplify (once per configuration) and resolves when it may be used. Configuring it
 * settles a redirect sign-in marked in flight (`redirectInFlight`): one this page came back
 * with is finished, one left at the provider's page (its tab closed, the app opened again) is
 * reported as cancelled. Nothing may ask for the session or start a sign-in before that:
 * Amplify v6 releases the calls waiting on a failed redirect before it clears its in-flight
 * mark, so a call made in between waits for its 5-minute deadline.
 */
export function configureIdentity(auth: RuntimeConfig['auth'], redirectInFlight: boolean): Promise<void> {
  if (configuredFor === auth) return ready;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: auth.userPoolId,
        userPoolClientId: auth.userPoolClientId,
        userPoolEndpoint: auth.userPoolEndpoint,
        signUpVerificationMethod: auth.signUpVerificationMethod ?? 'code',
        loginWith: {
          email: true,
          ...(auth.oauth && {
            oauth: {
              domain: auth.oauth.domain,
              scopes: OAUTH_SCOPES,
              redirectSignIn: [auth.oauth.redirectUrl],
              redirectSignOut: [new URL('/sign-out', auth.oauth.redirectUrl).href],
              responseType: 'code',
            },
          }),
        },
      },
    },
  });
  configuredFor = auth;
  ready = redirectInFlight && auth.oauth ? redirectSignInSettled() : Promise.resolve();
  return ready;
}

/** cognito-local answers only USER_PASSWORD_AUTH; Amazon Cognito keeps SRP, Amplify's default. */
function authFlowType() {
  return configuredFor?.userPoolEndpoint ? ('USER_PASSWORD_AUTH' as const) : ('USER_SRP_AUTH' as const);
}

export interface SessionSnapshot {
  sub: string;
  email: string;
  idToken: string;
  identityId?: string;
}

/** SPEC §4.1: ask the service for the current session and user; throws when there is none. */
export async function currentSession(options: { forceRefresh?: boolean } = {}): Promise<SessionSnapshot> {
  // The session first: without one, SPEC §8's 'No current user.' (getCurrentUser would say it in v6's words).
  const session = await fetchAuthSession(options);
  const idToken = session.tokens?.idToken;
  if (!idToken) throw Object.assign(new Error('No current user.'), { name: 'UserUnAuthenticatedException' });
  const user = await getCurrentUser();
  return {
    sub: user.userId,
    email: String(idToken.payload.email ?? user.signInDetails?.loginId ?? ''),
    idToken: idToken.toString(),
    identityId: session.identityId,
  };
}

let pendingPasswordSignIn = false;

/** SPEC §5: only one password sign-in may be pending at a time. */
export async function signInWithPassword(email: string, password: string) {
  if (pendingPasswordSignIn) {
    throw Object.assign(new Error('Pending sign-in attempt already in progress'), { name: 'PendingSignIn' });
  }
  pendingPasswordSignIn = true;
  try {
    return await signIn({ username: email.trim(), password, options: { authFlowType: authFlowType() } });
  } finally {
    pendingPasswordSignIn = false;
  }
}

/** Sign-up with e-mail as the username; auto sign-in follows confirmation (SPEC §4.5). */
export function signUpWithEmail(email: string, password: string) {
  return signUp({
    username: email.trim(),
    password,
    options: { userAttributes: { email: email.trim() }, autoSignIn: { authFlowType: authFlowType() } },
  });
}

export { autoSignIn };

export function startPasswordReset(email: string) {
  return resetPassword({ username: email.trim() });
}

export async function startTotpSetup(accountName: string): Promise<{ secret: string; uri: string }> {
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(BRAND.name, accountName).href };
}

/** Verifies the first code from the authenticator app and makes it the preferred second step. */
export async function finishTotpSetup(code: string): Promise<void> {
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

export function setMfa(method: 'sms' | 'totp', enabled: boolean) {
  return updateMFAPreference({ [method]: enabled ? 'ENABLED' : 'DISABLED' });
}

export function startSocialSignIn(provider: 'Google' | 'Apple' | 'Facebook') {
  return signInWithRedirect({ provider });
}

export async function signOutHere(): Promise<void> {
  await signOut();
}

/** Revokes every refresh token of the user, so each device's session ends at its next refresh. */
export async function signOutEverywhere(): Promise<void> {
  await signOut({ global: true });
}
