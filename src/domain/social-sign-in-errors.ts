/**
 * What the user reads when a sign-in with Google, Apple or Facebook comes back without a
 * session. Amplify v6 reports it as an OAuthSignInException whose message is the hosted sign-in's
 * `error_description` or one of its own; the `error` the hosted sign-in sent back is read from
 * the URL. A tampered or foreign state gets SPEC §8's 'Invalid state in OAuth flow' (Amplify v6
 * words it 'An error occurred while validating the state.').
 */
import { HOSTED_SIGN_IN_REFUSALS } from './social-sign-in';

/** Amplify v6's messages (@aws-amplify/auth validateState.ts, completeOAuthFlow.ts). */
const AMPLIFY_STATE_INVALID = 'An error occurred while validating the state.';
const AMPLIFY_FLOW_CANCELLED = ['User cancelled OAuth flow.', '`signInWithRedirect` has been canceled.'];

export const INVALID_OAUTH_STATE = 'Invalid state in OAuth flow';

/** `provider` is the provider's name as the user knows it (Google, Apple, Facebook). */
export function socialSignInFailureMessage(error: unknown, provider: string, urlError: string | null): string {
  const message = (error as { message?: string } | null)?.message ?? '';
  if (message === AMPLIFY_STATE_INVALID) return INVALID_OAUTH_STATE;
  if (message === HOSTED_SIGN_IN_REFUSALS.unverifiedEmailInUse) {
    return `${provider} has not confirmed that e-mail address, and an account here already uses it. Sign in with your e-mail and password instead.`;
  }
  if (message === HOSTED_SIGN_IN_REFUSALS.emailUsesOtherProvider) {
    return 'An account with that e-mail address already signs in with another provider. Continue with that one instead.';
  }
  if (urlError === 'access_denied' || AMPLIFY_FLOW_CANCELLED.includes(message)) {
    return `You cancelled signing in with ${provider}. Choose another way to sign in, or try again.`;
  }
  return `Signing in with ${provider} did not finish. Please try again.`;
}
