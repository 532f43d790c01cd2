/**
 * Sign-up password policy (SPEC §5). Shared by the sign-up form (live hints) and the local
 * identity sandbox, which enforces it the way Amazon Cognito does.
 */
export const PASSWORD_POLICY = {
  minimumLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireSymbols: true,
  requireNumbers: false,
} as const;

/** Cognito's symbol set for password policies. */
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= PASSWORD_POLICY.minimumLength },
  { id: 'lowercase', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'uppercase', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'symbol', label: 'A symbol, such as ! or #', test: (p: string) => SYMBOLS.test(p) },
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];

/** The rules a password does not meet yet, in display order; empty when it is acceptable. */
export function unmetPasswordRules(password: string): PasswordRuleId[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.id);
}
