/**
 * A user's ways of signing in, read from the user pool (the truth; a token may be older), and
 * removing a linked provider while another way remains.
 */
import { POOL_PROVIDER_NAMES, providerByPoolName, type SocialProvider } from '../../../src/domain/social-sign-in';
import type { SignInMethods } from '../../../src/domain/sign-in-methods';
import type { PoolUserSignIn, UserPoolAdmin } from './user-pool-admin';

export class SignInMethodRefused extends Error {
  readonly statusCode: number;
  constructor(message: string, statusCode: number) {
    super(message);
    this.statusCode = statusCode;
  }
}

function view(user: PoolUserSignIn): SignInMethods {
  const ways = (user.hasPassword ? 1 : 0) + user.identities.length;
  return {
    password: user.hasPassword,
    providers: user.identities.flatMap((identity) => {
      const provider = providerByPoolName(identity.providerName);
      return provider ? [{ provider, removable: identity.primary !== 'true' && ways > 1 }] : [];
    }),
  };
}

async function poolUser(admin: UserPoolAdmin, username: string): Promise<PoolUserSignIn> {
  const user = await admin.signInOf(username);
  if (!user) throw new SignInMethodRefused('Your session is not valid. Please sign in again.', 401);
  return user;
}

export async function signInMethods(admin: UserPoolAdmin, username: string): Promise<SignInMethods> {
  return view(await poolUser(admin, username));
}

export async function removeProvider(admin: UserPoolAdmin, username: string, provider: SocialProvider): Promise<SignInMethods> {
  const user = await poolUser(admin, username);
  const identity = user.identities.find((entry) => entry.providerName === POOL_PROVIDER_NAMES[provider]);
  if (!identity) throw new SignInMethodRefused(`${provider} is not linked to your account.`, 404);
  if (!view(user).providers.find((method) => method.provider === provider)?.removable) {
    throw new SignInMethodRefused(`Your account was made with ${provider} and has no other way to sign in, so ${provider} stays.`, 409);
  }
  await admin.unlink(identity);
  return view({ ...user, identities: user.identities.filter((entry) => entry !== identity) });
}
