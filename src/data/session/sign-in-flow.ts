/**
 * A sign-in in progress (SPEC §4.5): the password was accepted, but the user pool asks for a
 * challenge before a session exists. The pending step lives here (and Amplify keeps the
 * challenge session in memory), so `/auth/confirmation-code` can render whichever step is next.
 * After a reload the challenge is gone and the user starts again from `/sign-in`.
 */
import { proxy } from 'valtio/vanilla';
import { BRAND } from '../../domain/brand';
import { identityService } from './session';

export type MfaType = 'SMS' | 'TOTP' | 'EMAIL';

export type ChallengeStep =
  | { kind: 'code'; method: MfaType; destination?: string }
  | { kind: 'select-mfa'; options: MfaType[] }
  | { kind: 'setup-mfa'; options: MfaType[] }
  | { kind: 'totp-setup'; secret: string; uri: string }
  | { kind: 'email-setup' }
  | { kind: 'new-password' }
  | { kind: 'custom'; prompt?: string };

/** Where a sign-in attempt stands after the service's answer. */
export type SignInOutcome = { kind: 'done' } | { kind: 'challenge' } | { kind: 'confirm-sign-up' } | { kind: 'reset-password' };

export const signInFlow = proxy<{ email: string; step: ChallengeStep | null }>({ email: '', step: null });

type SignInOutput = Awaited<ReturnType<Awaited<ReturnType<typeof identityService>>['signInWithPassword']>>;

function toOutcome(email: string, { nextStep }: SignInOutput): SignInOutcome {
  signInFlow.email = email;
  signInFlow.step = null;
  switch (nextStep.signInStep) {
    case 'DONE':
      return { kind: 'done' };
    case 'CONFIRM_SIGN_UP':
      return { kind: 'confirm-sign-up' };
    case 'RESET_PASSWORD':
      return { kind: 'reset-password' };
    case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
      signInFlow.step = { kind: 'code', method: 'SMS', destination: nextStep.codeDeliveryDetails?.destination };
      break;
    case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE':
      signInFlow.step = { kind: 'code', method: 'EMAIL', destination: nextStep.codeDeliveryDetails?.destination };
      break;
    case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
      signInFlow.step = { kind: 'code', method: 'TOTP' };
      break;
    case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
      signInFlow.step = { kind: 'select-mfa', options: (nextStep.allowedMFATypes ?? []) as MfaType[] };
      break;
    case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
      signInFlow.step = { kind: 'setup-mfa', options: (nextStep.allowedMFATypes ?? []) as MfaType[] };
      break;
    case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
      const details = nextStep.totpSetupDetails;
      signInFlow.step = { kind: 'totp-setup', secret: details.sharedSecret, uri: details.getSetupUri(BRAND.name, email).href };
      break;
    }
    case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
      signInFlow.step = { kind: 'email-setup' };
      break;
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      signInFlow.step = { kind: 'new-password' };
      break;
    default:
      signInFlow.step = {
        kind: 'custom',
        prompt: 'additionalInfo' in nextStep ? String(nextStep.additionalInfo?.prompt ?? '') : undefined,
      };
  }
  return { kind: 'challenge' };
}

export async function beginSignIn(email: string, password: string): Promise<SignInOutcome> {
  const identity = await identityService();
  return toOutcome(email, await identity.signInWithPassword(email, password));
}

/** Answers the pending challenge: a code, a chosen MFA type, a new password or an e-mail. */
export async function answerChallenge(response: string): Promise<SignInOutcome> {
  const identity = await identityService();
  return toOutcome(signInFlow.email, await identity.confirmSignIn({ challengeResponse: response }));
}

/** After sign-up: Amplify signs in with the credentials it kept (SPEC §4.5 auto sign-in). */
export async function finishAutoSignIn(email: string): Promise<SignInOutcome> {
  const identity = await identityService();
  return toOutcome(email, await identity.autoSignIn());
}

export function clearSignInFlow(): void {
  signInFlow.email = '';
  signInFlow.step = null;
}
