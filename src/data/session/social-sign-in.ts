/**
 * A sign-in with Google, Apple or Facebook across the hosted sign-in's round trip. Where it
 * began and where the user was going are kept in sessionStorage (this tab only, and it survives
 * the redirect); why it failed, when it did, is kept here (valtio) for the sign-in and sign-up
 * pages to show. Amplify keeps its own part (state, PKCE verifier) in localStorage.
 */
import { proxy } from 'valtio/vanilla';
import * as z from 'zod/mini';
import { ADDITIONAL_DETAILS_PATH, returnTarget, withReturnTo } from '../../domain/return-target';
import { SOCIAL_PROVIDERS } from '../../domain/social-sign-in';
import { socialSignInFailureMessage } from '../../domain/social-sign-in-errors';
import { trackEvent } from '../device/analytics';

const STORAGE_KEY = 'caramel.socialSignIn';

const pendingSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  from: z.enum(['/sign-in', '/sign-up']),
  returnTo: z.nullable(z.string()),
});
export type PendingSocialSignIn = z.infer<typeof pendingSchema>;

export interface SocialSignInFailure {
  message: string;
  /** The page the sign-in began from, which shows the message. */
  from: PendingSocialSignIn['from'];
  returnTo: string | null;
}

export const socialSignIn = proxy<{ failure: SocialSignInFailure | null }>({ failure: null });

export function rememberSocialSignIn(pending: PendingSocialSignIn): void {
  socialSignIn.failure = null;
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
}

function takePending(): PendingSocialSignIn | null {
  const saved = sessionStorage.getItem(STORAGE_KEY);
  sessionStorage.removeItem(STORAGE_KEY);
  const parsed = saved ? z.safeParse(pendingSchema, JSON.parse(saved)) : undefined;
  return parsed?.success ? parsed.data : null;
}

/** Amplify reported that the round trip failed: say why, on the page it began from. */
export function socialSignInFailed(error: unknown): void {
  const pending = takePending();
  const urlError = new URLSearchParams(window.location.search).get('error');
  socialSignIn.failure = {
    message: socialSignInFailureMessage(error, pending?.provider ?? 'the provider', urlError),
    from: pending?.from ?? '/sign-in',
    returnTo: pending?.returnTo ?? null,
  };
}

/**
 * After the round trip gave a session: where the user goes next — the sign-up details while
 * they are owed (a first social sign-in has no mobile number), else where they were going.
 */
export async function finishSocialSignIn(): Promise<string> {
  const pending = takePending();
  socialSignIn.failure = null;
  const { cachedProfile } = await import('./account');
  const profile = await cachedProfile();
  trackEvent('sign-in successful', { registered: true });
  const search = pending?.returnTo ? `?returnTo=${encodeURIComponent(pending.returnTo)}` : '';
  if (profile && !profile.isAdditionalDetailsSubmitted) return withReturnTo(ADDITIONAL_DETAILS_PATH, search);
  return returnTarget(search);
}
