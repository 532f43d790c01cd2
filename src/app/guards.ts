/**
 * Named route guards (SPEC §2.8). A guarded route's loader runs its guards in order once the
 * navigation pipeline has settled; the first guard that answers with a redirect wins. Only
 * `auth` has rules in the spec; the other named guards arrive with their features.
 */
import { redirect, type LoaderFunction } from 'react-router-dom';
import { session } from '../data/session-store';
import { SIGN_IN_PATH } from '../domain/return-target';
import { pipelineSettled } from './navigation';

export type GuardName = 'auth';

type Guard = (url: URL) => Response | null;

const GUARDS: Record<GuardName, Guard> = {
  // A signed-out visitor goes to sign-in and comes back here afterwards.
  auth: (url) =>
    session.status === 'signed-in' ? null : redirect(`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(url.pathname + url.search)}`),
};

export function guarded(...names: GuardName[]): LoaderFunction {
  return async ({ request }) => {
    await pipelineSettled();
    const url = new URL(request.url);
    for (const name of names) {
      const outcome = GUARDS[name](url);
      if (outcome) throw outcome;
    }
    return null;
  };
}
