/**
 * Sign-in with Google, Apple and Facebook through the user pool's hosted sign-in (SPEC §1, §6):
 * the providers by the app's name and by the pool's, the `identities` claim a federated or
 * linked user's ID token carries, and the refusals the local hosted sign-in sends back as an
 * OAuth error_description, which the app explains. Shared by the app and the local stack.
 */
/** SPEC §6: the scopes the OAuth code flow asks for. */
export const OAUTH_SCOPES = ['email', 'openid', 'profile', 'aws.cognito.signin.user.admin'];

export const SOCIAL_PROVIDERS = ['Google', 'Apple', 'Facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The pool's identity-provider names (`identity_provider`, `providerName` in `identities`). */
export const POOL_PROVIDER_NAMES = { Google: 'Google', Apple: 'SignInWithApple', Facebook: 'Facebook' } as const satisfies Record<
  SocialProvider,
  string
>;

export function providerByPoolName(name: string): SocialProvider | undefined {
  return SOCIAL_PROVIDERS.find((provider) => POOL_PROVIDER_NAMES[provider] === name);
}

/** One entry of the ID token's `identities` claim, as Amazon Cognito writes it. */
export interface LinkedIdentity {
  userId: string;
  providerName: string;
  providerType: string;
  issuer: string | null;
  /** "true" for the identity the pool user was created from. */
  primary: 'true' | 'false';
  dateCreated: string;
}

/** The providers an `identities` claim links, known ones only. */
export function linkedProviders(identities: unknown): SocialProvider[] {
  if (!Array.isArray(identities)) return [];
  return identities.flatMap((identity: Partial<LinkedIdentity>) => {
    const provider = providerByPoolName(String(identity?.providerName ?? ''));
    return provider ? [provider] : [];
  });
}

/** What the local hosted sign-in answers (as `error_description`) when it refuses a sign-in. */
export const HOSTED_SIGN_IN_REFUSALS = {
  unverifiedEmailInUse: 'The identity provider did not verify this e-mail address, and an account already uses it.',
  emailUsesOtherProvider: 'An account with this e-mail address signs in with another provider.',
} as const;

/** Sandbox magic value: an e-mail whose local part starts with this comes back unverified by the provider. */
export const UNVERIFIED_EMAIL_PREFIX = 'unverified';
