/**
 * Field rules the identity forms share, with the words the user reads (SPEC §8 for empty
 * fields). zod/mini, like every schema the browser loads, so the app ships only the checks it uses.
 */
import * as z from 'zod/mini';
import { unmetPasswordRules } from './password-policy';

export const emailAddress = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'Email cannot be empty')),
  z.email('Enter an e-mail address such as name@example.com'),
);

export const requiredPassword = z.string().check(z.minLength(1, 'Password cannot be empty'));

/** A new password: the SPEC §5 rules, shown one by one under the field (PasswordRules). */
export const newPassword = z.string().check(
  z.minLength(1, 'Password cannot be empty'),
  z.refine((password) => unmetPasswordRules(password).length === 0, 'Choose a password that meets every rule below'),
);

export const confirmationCode = z
  .string()
  .check(z.minLength(1, 'Confirmation code cannot be empty'), z.regex(/^\d{6}$/, 'Enter all 6 digits of the code'));
