/**
 * SPEC §8's identity-service messages, one test each. SPEC words them as Amplify v5 did; v6
 * raises other names and texts, which the app maps back (auth-errors.ts, social-sign-in-errors.ts,
 * the form rules). Messages met only on a screen are walked in Chromium as well
 * (tests/e2e/identity-messages.spec.ts); the four no flow can meet are listed in docs/buying-and-selling.md with why.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { identityErrorMessage } from '../../src/domain/auth-errors';
import { confirmationCode, emailAddress, requiredPassword } from '../../src/domain/form-fields';
import { socialSignInFailureMessage } from '../../src/domain/social-sign-in-errors';
import { loadRuntimeConfig } from '../../src/data/api/runtime-config';
import { validRuntimeConfig as valid } from '../support/runtime-config-fixture';

/** An error as Amplify v6 raises it: a name, and its own message. */
const raised = (name: string, message = 'x') => Object.assign(new Error(message), { name });
const formMessage = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).error?.issues[0]?.message;
const configProblem = async (auth: object) => {
  const result = await loadRuntimeConfig((async () => Response.json({ ...valid, auth })) as typeof fetch);
  return result.ok ? '' : result.problem;
};

describe('SPEC §8 identity messages the app shows', () => {
  it('Authentication Error: a refusal without a sentence of its own', () => {
    expect(identityErrorMessage(raised('InternalErrorException'), 'sign-in')).toBe('Authentication Error');
  });

  it('Email cannot be empty: the e-mail field, and Amplify’s empty sign-in username', () => {
    expect(formMessage(emailAddress, '  ')).toBe('Email cannot be empty');
    expect(identityErrorMessage(raised('EmptySignInUsername'), 'sign-in')).toBe('Email cannot be empty');
  });

  it('Username cannot be empty: Amplify’s empty username on sign-up, confirmation and reset', () => {
    for (const name of ['EmptySignUpUsername', 'EmptyConfirmSignUpUsername', 'EmptyResetPasswordUsername']) {
      expect(identityErrorMessage(raised(name), 'sign-up')).toBe('Username cannot be empty');
    }
  });

  it('Password cannot be empty: the password fields, and Amplify’s empty password', () => {
    expect(formMessage(requiredPassword, '')).toBe('Password cannot be empty');
    expect(identityErrorMessage(raised('EmptySignUpPassword'), 'sign-up')).toBe('Password cannot be empty');
  });

  it('Confirmation code cannot be empty: the code fields, and Amplify’s empty code', () => {
    expect(formMessage(confirmationCode, '')).toBe('Confirmation code cannot be empty');
    expect(identityErrorMessage(raised('EmptyConfirmSignUpCode'), 'confirm-code')).toBe('Confirmation code cannot be empty');
  });

  it('Error creating account: a sign-up refused without a sentence of its own (a failing pre-sign-up check)', () => {
    expect(identityErrorMessage(raised('UnexpectedLambdaException'), 'sign-up')).toBe('Error creating account');
  });

  it('Invalid MFA type: Amplify’s IncorrectMFAMethod', () => {
    expect(identityErrorMessage(raised('IncorrectMFAMethod'), 'sign-in')).toBe('Invalid MFA type');
  });

  it('Challenge response cannot be empty: Amplify’s EmptyChallengeResponse', () => {
    expect(identityErrorMessage(raised('EmptyChallengeResponse'), 'sign-in')).toBe('Challenge response cannot be empty');
  });

  it('Network Error: a request that never got an answer', () => {
    expect(identityErrorMessage(new TypeError('Failed to fetch'), 'sign-in')).toMatch(/^Network Error\. /);
    expect(identityErrorMessage(raised('NetworkError'), 'account')).toMatch(/^Network Error\. /);
  });

  it('User is not authenticated: Amplify v6’s UserUnAuthenticatedException ("User needs to be authenticated to call this API.")', () => {
    expect(
      identityErrorMessage(raised('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.'), 'sign-in'),
    ).toBe('User is not authenticated');
  });

  it('Invalid state in OAuth flow: Amplify v6’s "An error occurred while validating the state."', () => {
    const error = raised('OAuthSignInException', 'An error occurred while validating the state.');
    expect(socialSignInFailureMessage(error, 'Google', null)).toBe('Invalid state in OAuth flow');
  });

  it('Pending sign-in attempt already in progress: a second password sign-in while one is pending', () => {
    expect(identityErrorMessage(raised('PendingSignIn'), 'sign-in')).toBe('Pending sign-in attempt already in progress');
  });

  it('Invalid UserPoolId format.: /config.json naming a malformed pool', async () => {
    expect(await configProblem({ ...valid.auth, userPoolId: 'not-a-pool' })).toContain('auth.userPoolId: Invalid UserPoolId format.');
  });

  it('Both UserPoolId and ClientId are required.: /config.json without one of them', async () => {
    const { userPoolId: _id, ...withoutPool } = valid.auth;
    expect(await configProblem(withoutPool)).toContain('auth.userPoolId: Both UserPoolId and ClientId are required.');
  });
});

describe('SPEC §8 identity messages no flow can meet', () => {
  const page = readFileSync(new URL('../../docs/buying-and-selling.md', import.meta.url), 'utf8');
  const unreachable = [
    'No valid MFA method provided',
    'Failed to get the session because the user is empty',
    'Device tracking has not been configured in this User Pool',
    'No Access token available',
  ];
  it.each(unreachable)('docs/buying-and-selling.md says why Amplify v6 cannot raise “%s”', (message) => {
    const row = page.split('\n').find((line) => line.startsWith(`| '${message}'`));
    expect(row, `a row for '${message}' in docs/buying-and-selling.md`).toBeDefined();
    expect(row!.split('|')[2]!.trim().length).toBeGreaterThan(20);
  });
});
