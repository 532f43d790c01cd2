/**
 * The local hosted sign-in: the user pool's hosted-UI endpoints (oauth-routes.ts) and the
 * sandbox providers' pages (provider-routes.ts) on an HTTPS origin of their own
 * (`127.0.0.1:<SIGN_IN_PORT>`, the OAuth domain in `/config.json`), with the certificate of
 * certificate.ts. It runs inside the identity process, on the same pool data and signing key,
 * so its tokens are the pool's own.
 */
import Fastify from 'fastify';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { Router } from 'cognito-local/lib/server/Router.js';
import type { SignInCertificate } from './certificate';
import { Federation } from './federation';
import { FlowStore, SESSION_TTL_MS } from './flow-store';
import { oauthRoutes } from './oauth-routes';
import { ProviderAccounts } from './provider-accounts';
import { providerRoutes } from './provider-routes';
import { cookie, SESSION_COOKIE, type SignInContext } from './sign-in-context';

export interface HostedSignInOptions {
  host: string;
  port: number;
  dir: string;
  certificate: SignInCertificate;
  services: Services;
  router: Router;
  userPoolId: string;
  /** The app's origins: CORS for the token and userInfo endpoints, and where forms may lead. */
  appOrigins: string[];
}

export async function startHostedSignIn(options: HostedSignInOptions): Promise<{ domain: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false, https: { key: options.certificate.key, cert: options.certificate.cert } });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
  });

  const flows = new FlowStore();
  const context: SignInContext = {
    services: options.services,
    federation: new Federation(options.services, options.router, options.userPoolId),
    flows,
    accounts: new ProviderAccounts(options.dir),
    appOrigins: options.appOrigins,
    issuer: `${options.services.config.TokenConfig.IssuerDomain}/${options.userPoolId}`,
    sendBack(reply, request, error, description) {
      const target = new URL(request.redirectUri);
      target.searchParams.set('error', error);
      target.searchParams.set('error_description', description);
      if (request.state) target.searchParams.set('state', request.state);
      return reply.redirect(target.href, 302);
    },
    complete(reply, request, username, identity) {
      const code = flows.codes.add({
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        scope: request.scope,
        username,
      });
      const session = flows.sessions.add({ username, providerName: identity.providerName, providerUserId: identity.userId });
      const target = new URL(request.redirectUri);
      target.searchParams.set('code', code);
      if (request.state) target.searchParams.set('state', request.state);
      return reply.header('set-cookie', cookie(SESSION_COOKIE, session, SESSION_TTL_MS / 1000)).redirect(target.href, 302);
    },
  };
  oauthRoutes(app, context);
  providerRoutes(app, context);

  await app.listen({ host: options.host, port: options.port });
  return { domain: `${options.host}:${options.port}`, close: () => app.close() };
}
