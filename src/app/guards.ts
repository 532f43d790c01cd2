/**
 * Named route guards (SPEC §2.8). A guarded route's loader runs its guards in order once the
 * navigation pipeline has settled; the first guard that answers with a redirect wins. Guards
 * of features not built yet (deal, offer, transaction, ungated-offer) arrive with them.
 */
import { redirect, type LoaderFunction } from 'react-router-dom';
import { session } from '../data/session-store';
import { returnTarget, SIGN_IN_PATH } from '../domain/return-target';
import { pipelineSettled } from './navigation';

export type GuardName = 'auth' | 'signin' | 'registration-additional-info';

type Guard = (url: URL) => Promise<Response | null> | Response | null;

const signedIn = () => session.status === 'signed-in';
const toSignIn = (url: URL) => redirect(`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(url.pathname + url.search)}`);

const GUARDS: Record<GuardName, Guard> = {
  // A signed-out visitor goes to sign-in and comes back here afterwards.
  auth: (url) => (signedIn() ? null : toSignIn(url)),
  // Sign-in and sign-up are for signed-out visitors; a signed-in user is sent on.
  signin: (url) => (signedIn() ? redirect(returnTarget(url.search)) : null),
  // The sign-up details form, only while the details are still owed.
  'registration-additional-info': async (url) => {
    if (!signedIn()) return toSignIn(url);
    const { cachedProfile } = await import('../data/account');
    const profile = await cachedProfile();
    return profile?.isAdditionalDetailsSubmitted ? redirect(returnTarget(url.search)) : null;
  },
};

export function guarded(...names: GuardName[]): LoaderFunction {
  return async ({ request }) => {
    await pipelineSettled();
    const url = new URL(request.url);
    for (const name of names) {
      const outcome = await GUARDS[name](url);
      if (outcome) throw outcome;
    }
    return null;
  };
}
