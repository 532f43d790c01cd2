/**
 * Named route guards (SPEC §2.8). A guarded route's loader runs its guards in order once the
 * navigation pipeline has settled; the first guard that answers with a redirect wins.
 */
import { redirect, type LoaderFunction, type Params } from 'react-router-dom';
import { session } from '../data/session/session-store';
import { ADDITIONAL_DETAILS_PATH, returnTarget, SIGN_IN_PATH } from '../domain/return-target';
import { pipelineSettled, takeToAskedScreen } from './navigation';

/** Whether a screen asked for that the fresh copy reaches is taken to (registered once, with the transaction guard). */
let followingAskedScreens = false;

export type GuardName = 'auth' | 'signin' | 'registration-additional-info' | 'ungated-offer' | 'transaction' | 'deal' | 'offer' | 'dealer';

type Guard = (url: URL, params: Params) => Promise<Response | null> | Response | null;

const signedIn = () => session.status === 'signed-in';
const toSignIn = (url: URL) => redirect(`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(url.pathname + url.search)}`);

const GUARDS: Record<GuardName, Guard> = {
  // A signed-out visitor goes to sign-in and comes back here afterwards. A signed-in one who left the sign-up details
  // half-filled (the tab closed) is asked for them again before the dashboard, which greets them by name.
  auth: async (url) => {
    if (!signedIn()) return toSignIn(url);
    if (!url.pathname.startsWith('/dashboard')) return null;
    const { cachedProfile } = await import('../data/session/account');
    const profile = await cachedProfile();
    return profile && !profile.isAdditionalDetailsSubmitted
      ? redirect(`${ADDITIONAL_DETAILS_PATH}?returnTo=${encodeURIComponent(url.pathname + url.search)}`)
      : null;
  },
  // Sign-in and sign-up are for signed-out visitors; a signed-in user is sent on — back from the
  // hosted sign-in (a code in the query), by way of the sign-up details when they are owed.
  signin: async (url) => {
    if (!signedIn()) return null;
    if (!url.searchParams.has('code') || !url.searchParams.has('state')) return redirect(returnTarget(url.search));
    const { finishSocialSignIn } = await import('../data/session/social-sign-in');
    return redirect(await finishSocialSignIn());
  },
  // The sign-up details form, only while the details are still owed.
  'registration-additional-info': async (url) => {
    if (!signedIn()) return toSignIn(url);
    const { cachedProfile } = await import('../data/session/account');
    const profile = await cachedProfile();
    return profile?.isAdditionalDetailsSubmitted ? redirect(returnTarget(url.search)) : null;
  },
  // A shared offer needs its link; a visitor coming back without one continues the offer they
  // answered (ungated-process record), anyone else goes to their offers or the home page.
  'ungated-offer': async (url) => {
    if (url.searchParams.get('token')) return null;
    const { readUngatedProcess } = await import('../data/device/ungated-process');
    const record = readUngatedProcess();
    if (record?.kind === 'shared-offer') return redirect(`${url.pathname}?token=${encodeURIComponent(record.token)}`);
    return redirect(signedIn() ? '/dashboard/caramel-offers' : '/');
  },
  // A transaction screen shows the step the party's status maps to (SPEC §4.2); done steps open read-only.
  // A dashboard page about one transaction (documents, a closed sale's detail) needs it to be the user's.
  transaction: async (url, params) => {
    if (!signedIn()) return toSignIn(url);
    const { dashboardTransactionRedirect, onAskedScreenReached, transactionRedirect } = await import('../data/records/transaction-guard');
    if (!followingAskedScreens) followingAskedScreens = Boolean(onAskedScreenReached(takeToAskedScreen));
    const target = url.pathname.startsWith('/dashboard/')
      ? await dashboardTransactionRedirect(url, params.transactionId ?? url.searchParams.get('transaction'))
      : await transactionRedirect(url);
    return target ? redirect(target) : null;
  },
  // A deal route needs a deal this user is a party to (the seller's page, its seller); for anyone else it does not exist.
  deal: async (url, params) => {
    if (!signedIn()) return toSignIn(url);
    const { dealRedirect, NOT_FOUND } = await import('../data/records/offer-guards');
    const target = await dealRedirect(url, params.dealId ?? url.searchParams.get('deal'));
    if (target === NOT_FOUND) return new Response(null, { status: 404 });
    return target ? redirect(target) : null;
  },
  // An offer route needs an offer this user is a party to; one that made a deal leads to it.
  offer: async (url) => {
    if (!signedIn()) return toSignIn(url);
    const { NOT_FOUND, offerRedirect } = await import('../data/records/offer-guards');
    const target = await offerRedirect(url);
    if (target === NOT_FOUND) return new Response(null, { status: 404 });
    return target ? redirect(target) : null;
  },
  // SPEC §6 the dealer check: the dealer area is for dealers; to anyone else it does not exist. The saved profile
  // decides (the navigation fetched a fresh one behind it: when an admin made this user a dealer, or took it back,
  // the guards run again as it lands); the API refuses a non-dealer's calls whatever the device says.
  dealer: async (url) => {
    if (!signedIn()) return toSignIn(url);
    const { cachedProfile } = await import('../data/session/account');
    const profile = await cachedProfile();
    return profile?.type === 'dealer' ? null : new Response(null, { status: 404 });
  },
};

export function guarded(...names: GuardName[]): LoaderFunction {
  return async ({ request, params }) => {
    await pipelineSettled();
    const url = new URL(request.url);
    for (const name of names) {
      const outcome = await GUARDS[name](url, params);
      if (outcome) throw outcome;
    }
    return null;
  };
}
