/**
 * The app's only door to the user pool (aws-amplify v6). Loaded lazily: public pages of a
 * visitor who never signed in do not download Amplify (see session.ts).
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, getCurrentUser, signIn, signOut } from 'aws-amplify/auth';
import type { RuntimeConfig } from './runtime-config';

let configuredFor: RuntimeConfig['auth'] | undefined;

export function configureIdentity(auth: RuntimeConfig['auth']): void {
  if (configuredFor === auth) return;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: auth.userPoolId,
        userPoolClientId: auth.userPoolClientId,
        userPoolEndpoint: auth.userPoolEndpoint,
        loginWith: { email: true },
      },
    },
  });
  configuredFor = auth;
}

/** cognito-local answers only USER_PASSWORD_AUTH; Amazon Cognito keeps SRP, Amplify's default. */
function authFlowType(auth: RuntimeConfig['auth']) {
  return auth.userPoolEndpoint ? ('USER_PASSWORD_AUTH' as const) : ('USER_SRP_AUTH' as const);
}

export interface SessionSnapshot {
  sub: string;
  email: string;
  idToken: string;
}

/** SPEC §4.1: ask the service for the current session and user; throws when there is none. */
export async function currentSession(): Promise<SessionSnapshot> {
  const [session, user] = await Promise.all([fetchAuthSession(), getCurrentUser()]);
  const idToken = session.tokens?.idToken;
  if (!idToken) throw new Error('No current user.');
  return { sub: user.userId, email: String(idToken.payload.email ?? user.signInDetails?.loginId ?? ''), idToken: idToken.toString() };
}

export async function signInWithPassword(auth: RuntimeConfig['auth'], email: string, password: string) {
  return signIn({ username: email.trim(), password, options: { authFlowType: authFlowType(auth) } });
}

export async function signOutHere(): Promise<void> {
  await signOut();
}
