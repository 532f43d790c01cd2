/**
 * What the user reads when the identity service refuses: SPEC §8 wording where it has one.
 * cognito-local and Amazon Cognito name some failures differently (a wrong password is
 * InvalidPasswordException locally, NotAuthorizedException on AWS), so both map here, and a
 * failed sign-in never says whether the e-mail has an account.
 */
const WRONG_CREDENTIALS = 'Incorrect e-mail or password.';

const BY_NAME: Record<string, string> = {
  NotAuthorizedException: WRONG_CREDENTIALS,
  UserNotFoundException: WRONG_CREDENTIALS,
  InvalidPasswordException: WRONG_CREDENTIALS,
  UserNotConfirmedException: 'Please confirm your e-mail address before you sign in.',
  PasswordResetRequiredException: 'You need to reset your password before you sign in.',
  TooManyRequestsException: 'Too many attempts. Please wait a moment and try again.',
  LimitExceededException: 'Too many attempts. Please wait a moment and try again.',
  UserAlreadyAuthenticatedException: 'You are already signed in.',
  NetworkError: 'Network Error',
  EmptySignInUsername: 'Email cannot be empty',
  EmptySignInPassword: 'Password cannot be empty',
};

export function signInErrorMessage(error: unknown): string {
  const name = (error as { name?: string }).name ?? '';
  if (error instanceof TypeError) return BY_NAME.NetworkError!;
  return BY_NAME[name] ?? 'Authentication Error';
}
