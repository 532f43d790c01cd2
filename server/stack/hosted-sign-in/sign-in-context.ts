/** What the hosted sign-in's routes share: the providers' looks, cookies, pages, and the context they run in. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from 'cognito-local/lib/services/index.js';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../src/domain/social-sign-in';
import type { Federation, ProviderProfile } from './federation';
import type { AuthorizationRequest, FlowStore } from './flow-store';
import type { Page, ProviderLook } from './pages';
import type { ProviderAccounts } from './provider-accounts';

export type ProviderIdentity = Pick<ProviderProfile, 'providerName' | 'userId'>;

export const LOOKS: Record<SocialProvider, ProviderLook> = {
  Google: { slug: 'google', title: 'Google', colour: '#1a73e8' },
  Apple: { slug: 'apple', title: 'Apple', colour: '#000000' },
  Facebook: { slug: 'facebook', title: 'Facebook', colour: '#1877f2' },
};

export function providerBySlug(slug: string): SocialProvider | undefined {
  return SOCIAL_PROVIDERS.find((provider) => LOOKS[provider].slug === slug);
}

export const SESSION_COOKIE = 'hosted_session';

/** What the routes share. */
export interface SignInContext {
  services: Services;
  federation: Federation;
  flows: FlowStore;
  accounts: ProviderAccounts;
  appOrigins: string[];
  /** The pool's token issuer. */
  issuer: string;
  /** Sends the person back to the app with an OAuth error (RFC 6749 §4.1.2.1). */
  sendBack(reply: FastifyReply, request: AuthorizationRequest, error: string, description: string): FastifyReply;
  /** Signs `username` in: a hosted session, a one-time code, and back to the app. */
  complete(reply: FastifyReply, request: AuthorizationRequest, username: string, identity: ProviderIdentity): FastifyReply;
}

export function cookiesOf(request: FastifyRequest): Record<string, string> {
  return Object.fromEntries(
    (request.headers.cookie ?? '')
      .split(';')
      .map((part) => part.trim().split('='))
      .filter(([name, value]) => name && value !== undefined)
      .map(([name, value]) => [name!, decodeURIComponent(value!)]),
  );
}

export function cookie(name: string, value: string, maxAgeSeconds: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Secure; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
}

export function sendPage(reply: FastifyReply, page: Page, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('content-security-policy', page.csp).send(page.html);
}
