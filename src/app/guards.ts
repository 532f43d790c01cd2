/**
 * Named route guards (SPEC §2.8). A guarded route's loader runs its guards in order once the
 * navigation pipeline has settled; the first guard that answers with a redirect wins. Guards
 * deal and offer come with the dashboard work that needs them.
 */
import { redirect, type LoaderFunction } from 'react-router-dom';
import { session } from '../data/session-store';
import { returnTarget, SIGN_IN_PATH } from '../domain/return-target';
import { pipelineSettled } from './navigation';

export type GuardName = 'auth' | 'signin' | 'registration-additional-info' | 'ungated-offer' | 'transaction';

type Guard = (url: URL) => Promise<Response | null> | Response | null;

const signedIn = () => session.status === 'signed-in';
const toSignIn = (url: URL) => redirect(`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(url.pathname + url.search)}`);

const GUARDS: Record<GuardName, Guard> = {
  // A signed-out visitor goes to sign-in and comes back here afterwards.
  auth: (url) => (signedIn() ? null : toSignIn(url)),
  // Sign-in and sign-up are for signed-out visitors; a signed-in user is sent on — back from the
  // hosted sign-in (a code in the query), by way of the sign-up details when they are owed.
  signin: async (url) => {
    if (!signedIn()) return null;
    if (!url.searchParams.has('code') || !url.searchParams.has('state')) return redirect(returnTarget(url.search));
    const { finishSocialSignIn } = await import('../data/social-sign-in');
    return redirect(await finishSocialSignIn());
  },
  // The sign-up details form, only while the details are still owed.
  'registration-additional-info': async (url) => {
    if (!signedIn()) return toSignIn(url);
    const { cachedProfile } = await import('../data/account');
    const profile = await cachedProfile();
    return profile?.isAdditionalDetailsSubmitted ? redirect(returnTarget(url.search)) : null;
  },
  // A shared offer needs its link; a visitor coming back without one continues the offer they
  // answered (ungated-process record), anyone else goes to their offers or the home page.
  'ungated-offer': async (url) => {
    if (url.searchParams.get('token')) return null;
    const { readUngatedProcess } = await import('../data/ungated-process');
    const record = readUngatedProcess();
    if (record?.kind === 'shared-offer') return redirect(`${url.pathname}?token=${encodeURIComponent(record.token)}`);
    return redirect(signedIn() ? '/dashboard/caramel-offers' : '/');
  },
  // A transaction screen shows the step the party's status maps to (SPEC §4.2); done steps open read-only.
  transaction: async (url) => {
    if (!signedIn()) return toSignIn(url);
    const { transactionRedirect } = await import('../data/transaction-guard');
    const target = await transactionRedirect(url);
    return target ? redirect(target) : null;
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
