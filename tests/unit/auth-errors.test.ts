import { describe, expect, it } from 'vitest';
import { identityErrorMessage, signInErrorMessage } from '../../src/domain/auth-errors';

const named = (name: string) => Object.assign(new Error('x'), { name });

describe('sign-in error messages', () => {
  it('never reveals whether the e-mail has an account, on either service', () => {
    const local = signInErrorMessage(named('InvalidPasswordException'));
    const aws = signInErrorMessage(named('NotAuthorizedException'));
    const unknownUser = signInErrorMessage(named('UserNotFoundException'));
    expect(new Set([local, aws, unknownUser])).toEqual(new Set(['Incorrect e-mail or password.']));
  });

  it('uses the SPEC §8 wording for empty fields and network failures', () => {
    expect(signInErrorMessage(named('EmptySignInUsername'))).toBe('Email cannot be empty');
    expect(signInErrorMessage(named('EmptySignInPassword'))).toBe('Password cannot be empty');
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toBe('Network Error. Check your connection and try again.');
    expect(signInErrorMessage(named('SomethingNew'))).toBe('Authentication Error');
  });
});

describe('identity messages per action', () => {
  it('tells a wrong current password apart from a weak new one on change-password', () => {
    const wrongCurrent = Object.assign(new Error('Invalid password'), { name: 'InvalidPasswordException' });
    const weak = Object.assign(new Error('Password did not conform with policy: Password not long enough'), {
      name: 'InvalidPasswordException',
    });
    expect(identityErrorMessage(wrongCurrent, 'change-password')).toBe('Your current password is not right.');
    expect(identityErrorMessage(weak, 'change-password')).toBe('That password does not meet every rule listed under the field.');
    expect(identityErrorMessage(named('NotAuthorizedException'), 'change-password')).toBe('Your current password is not right.');
  });

  it('reads an unknown e-mail on password reset like a wrong code', () => {
    expect(identityErrorMessage(named('UserNotFoundException'), 'reset-password')).toBe(
      identityErrorMessage(named('CodeMismatchException'), 'reset-password'),
    );
  });

  it('says what to do about codes', () => {
    expect(identityErrorMessage(named('CodeMismatchException'), 'confirm-code')).toBe('That code is not right. Check it and try again.');
    expect(identityErrorMessage(named('ExpiredCodeException'), 'confirm-code')).toBe('That code has expired. Ask for a new one.');
    expect(identityErrorMessage(named('EmptyChallengeResponse'), 'sign-in')).toBe('Challenge response cannot be empty');
    expect(identityErrorMessage(named('PendingSignIn'), 'sign-in')).toBe('Pending sign-in attempt already in progress');
  });
});
