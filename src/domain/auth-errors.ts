/**
 * What the user reads when the identity service refuses: SPEC §8 wording where it has one,
 * one clear sentence otherwise. cognito-local and Amazon Cognito name some failures
 * differently (a wrong password is InvalidPasswordException locally, NotAuthorizedException on
 * AWS), so both map here. On sign-in and password reset, nothing says whether an e-mail has an
 * account.
 */
export type IdentityAction = 'sign-in' | 'sign-up' | 'confirm-code' | 'reset-password' | 'new-password' | 'change-password' | 'account';

const WRONG_CREDENTIALS = 'Incorrect e-mail or password.';
const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';
const POLICY = 'That password does not meet every rule listed under the field.';

/** Amplify's own input checks and the SPEC §8 sentences for them. */
const VALIDATION: Record<string, string> = {
  EmptySignInUsername: 'Email cannot be empty',
  EmptySignUpUsername: 'Username cannot be empty',
  EmptyResetPasswordUsername: 'Username cannot be empty',
  EmptyConfirmResetPasswordUsername: 'Username cannot be empty',
  EmptyConfirmSignUpUsername: 'Username cannot be empty',
  EmptySignInPassword: 'Password cannot be empty',
  EmptySignUpPassword: 'Password cannot be empty',
  EmptyConfirmResetPasswordNewPassword: 'Password cannot be empty',
  EmptyUpdatePassword: 'Password cannot be empty',
  EmptyConfirmSignUpCode: 'Confirmation code cannot be empty',
  EmptyConfirmResetPasswordConfirmationCode: 'Confirmation code cannot be empty',
  EmptyVerifyTOTPSetupCode: 'Confirmation code cannot be empty',
  EmptyChallengeResponse: 'Challenge response cannot be empty',
  IncorrectMFAMethod: 'Invalid MFA type',
  PendingSignIn: 'Pending sign-in attempt already in progress',
  UserAlreadyAuthenticatedException: 'You are already signed in.',
  UserUnAuthenticatedException: 'User is not authenticated',
  NetworkError: 'Network Error. Check your connection and try again.',
};

const COMMON: Record<string, string> = {
  CodeMismatchException: 'That code is not right. Check it and try again.',
  ExpiredCodeException: 'That code has expired. Ask for a new one.',
  TooManyRequestsException: TOO_MANY,
  LimitExceededException: TOO_MANY,
  TooManyFailedAttemptsException: TOO_MANY,
  CodeDeliveryFailureException: 'We could not send the code. Check the address and try again.',
  EnableSoftwareTokenMFAException: 'That code is not right. Check it and try again.',
};

const BY_ACTION: Record<IdentityAction, Record<string, string>> = {
  'sign-in': {
    NotAuthorizedException: WRONG_CREDENTIALS,
    UserNotFoundException: WRONG_CREDENTIALS,
    InvalidPasswordException: WRONG_CREDENTIALS,
    UserNotConfirmedException: 'Please confirm your e-mail address before you sign in.',
    PasswordResetRequiredException: 'You need to reset your password before you sign in.',
  },
  'sign-up': {
    UsernameExistsException: 'An account with this e-mail already exists. Sign in, or reset your password if you forgot it.',
    InvalidPasswordException: POLICY,
    InvalidParameterException: 'Check the e-mail address and password and try again.',
  },
  'confirm-code': {
    NotAuthorizedException: 'This e-mail address is already confirmed. You can sign in.',
    UserNotFoundException: 'That code is not right. Check it and try again.',
  },
  'reset-password': {
    // Cognito's PreventUserExistenceErrors behaviour: an unknown e-mail reads like a wrong code.
    UserNotFoundException: 'That code is not right. Check it and try again.',
    NotAuthorizedException: 'Password reset is not available for this account. Contact support.',
    InvalidPasswordException: POLICY,
    InvalidParameterException: POLICY,
  },
  'new-password': { InvalidPasswordException: POLICY, NotAuthorizedException: 'Your sign-in expired. Please start again.' },
  'change-password': {
    NotAuthorizedException: 'Your current password is not right.',
    // cognito-local reports a wrong current password this way, with its own message.
    InvalidPasswordException: POLICY,
  },
  account: { NotAuthorizedException: 'Your session has ended. Please sign in again.' },
};

export function identityErrorMessage(error: unknown, action: IdentityAction): string {
  if (error instanceof TypeError) return VALIDATION.NetworkError!;
  const { name = '', message = '' } = (error ?? {}) as { name?: string; message?: string };
  if (action === 'change-password' && name === 'InvalidPasswordException' && !message.includes('conform')) {
    return BY_ACTION['change-password'].NotAuthorizedException!;
  }
  // SPEC §8: a sign-up the pool refuses for a reason without a sentence of its own.
  const fallback = action === 'sign-up' ? 'Error creating account' : 'Authentication Error';
  return BY_ACTION[action][name] ?? COMMON[name] ?? VALIDATION[name] ?? fallback;
}

export function signInErrorMessage(error: unknown): string {
  return identityErrorMessage(error, 'sign-in');
}
