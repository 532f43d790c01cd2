/**
 * The user's ways of signing in (password, linked providers), from the API, which asks the user
 * pool. After a provider is removed the session is refreshed, so the ID token's `identities`
 * claim says the same as the pool.
 */
import { signInMethodsSchema, type SignInMethods } from '../../domain/sign-in-methods';
import type { SocialProvider } from '../../domain/social-sign-in';
import { apiRequest } from '../api/api-client';
import { refreshSession } from './session';

export function fetchSignInMethods(): Promise<SignInMethods> {
  return apiRequest('GET', 'users/sign-in-methods', signInMethodsSchema);
}

export async function removeSignInMethod(provider: SocialProvider): Promise<SignInMethods> {
  const methods = await apiRequest('DELETE', `users/sign-in-methods/${provider}`, signInMethodsSchema);
  await refreshSession({ forceRefresh: true });
  return methods;
}
