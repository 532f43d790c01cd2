/**
 * SPEC §4.1 session check. Amplify is imported only when this browser holds a stored session
 * (its LastAuthUser key), so anonymous visitors never download it. A network failure leaves
 * the session as it was: only an answer from the identity service signs a user out.
 */
import { runtimeConfig } from './runtime-config';
import { session, setSignedIn, setSignedOut } from './session-store';

async function identity() {
  const module = await import('./identity');
  module.configureIdentity(runtimeConfig().auth);
  return module;
}

function hasStoredSession(): boolean {
  const clientId = runtimeConfig().auth.userPoolClientId;
  try {
    return localStorage.getItem(`CognitoIdentityServiceProvider.${clientId}.LastAuthUser`) !== null;
  } catch {
    return false;
  }
}

function isNetworkFailure(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NetworkError' || error instanceof TypeError;
}

export async function refreshSession(): Promise<void> {
  if (!hasStoredSession()) {
    if (session.status !== 'signed-out') setSignedOut();
    return;
  }
  try {
    const snapshot = await (await identity()).currentSession();
    setSignedIn({ sub: snapshot.sub, email: snapshot.email }, snapshot.idToken);
  } catch (error) {
    console.error('Session check failed', error);
    if (isNetworkFailure(error) && session.status === 'signed-in') return;
    setSignedOut();
  }
}

export async function signIn(email: string, password: string): Promise<{ done: boolean; nextStep: string }> {
  const { signInWithPassword } = await identity();
  const result = await signInWithPassword(runtimeConfig().auth, email, password);
  if (result.isSignedIn) await refreshSession();
  return { done: result.isSignedIn, nextStep: result.nextStep.signInStep };
}

export async function signOut(): Promise<void> {
  const { signOutHere } = await identity();
  await signOutHere();
  const { clearAccountData } = await import('./account');
  await clearAccountData();
  setSignedOut();
}
