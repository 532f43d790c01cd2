/**
 * The ways a user signs in, as `GET /api/users/sign-in-methods` answers them and the account
 * page lists them: a password (an account made with e-mail and password) and each linked
 * provider. A linked provider can be removed while another way remains; the provider an
 * account was made with cannot (the account is that identity).
 */
import * as z from 'zod/mini';
import { SOCIAL_PROVIDERS } from './social-sign-in';

export const signInMethodsSchema = z.object({
  password: z.boolean(),
  providers: z.array(z.object({ provider: z.enum(SOCIAL_PROVIDERS), removable: z.boolean() })),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

export const providerParamSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS, 'provider must be Google, Apple or Facebook'),
});
