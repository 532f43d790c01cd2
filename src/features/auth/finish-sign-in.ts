import type { NavigateFunction } from 'react-router-dom';
import { completeSignIn } from '../../data/session/session';
import { ADDITIONAL_DETAILS_PATH, returnTarget, withReturnTo } from '../../domain/return-target';

/**
 * After the user pool confirmed a sign-in (password, challenge, or automatic after sign-up):
 * load the session and records, then go where the user was going — by way of the sign-up
 * details while they are still owed.
 */
export async function finishSignIn(navigate: NavigateFunction, search: string): Promise<void> {
  const { needsDetails } = await completeSignIn();
  navigate(needsDetails ? withReturnTo(ADDITIONAL_DETAILS_PATH, search) : returnTarget(search), { replace: true });
}
