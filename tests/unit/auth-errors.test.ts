import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from '../../src/domain/auth-errors';

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
    expect(signInErrorMessage(new TypeError('Failed to fetch'))).toBe('Network Error');
    expect(signInErrorMessage(named('SomethingNew'))).toBe('Authentication Error');
  });
});
