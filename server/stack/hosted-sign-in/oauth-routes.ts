/**
 * The user pool's hosted-UI endpoints as Amazon Cognito answers them (SPEC §7):
 * - GET /oauth2/authorize: code flow only, PKCE S256 required, `identity_provider` one of the
 *   client's social providers; sends the person to that provider's page (or straight back when
 *   the hosted session already signed them in with that identity);
 * - POST /oauth2/token: form-encoded `authorization_code` (with `code_verifier`) and
 *   `refresh_token` grants, answering the pool's own tokens;
 * - GET /oauth2/userInfo: the access token's user, for a token with the `openid` scope;
 * - GET /logout: ends the hosted session and returns to a registered `logout_uri`.
 * A request that cannot be sent back safely (unknown client, unregistered redirect) gets an
 * error page; anything else goes back to the app as an OAuth error.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { importJWK, jwtVerify, type JWK } from 'jose';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import { attributeValue, type User } from 'cognito-local/lib/services/userPoolService.js';
import { POOL_PROVIDER_NAMES, providerByPoolName } from '../../../src/domain/social-sign-in';
import { withClaims } from '../identity-extensions';
import { identitiesOf } from './federation';
import { errorPage } from './pages';
import { cookie, cookiesOf, LOOKS, SESSION_COOKIE, sendPage, type SignInContext } from './sign-in-context';

type Params = Record<string, string | undefined>;

const silentLogger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silentLogger };
const ctx = { logger: silentLogger } as never;
const publicKey = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JWK };

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function oauthRoutes(app: FastifyInstance, context: SignInContext): void {
  const { services, federation, flows } = context;

  async function clientFor(clientId: string | undefined): Promise<AppClient | null> {
    return clientId ? services.cognito.getAppClient(ctx, clientId).catch(() => null) : null;
  }

  function cors(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    if (origin && context.appOrigins.includes(origin)) reply.header('access-control-allow-origin', origin).header('vary', 'origin');
  }

  app.get('/oauth2/authorize', async (request, reply) => {
    const q = request.query as Params;
    const client = await clientFor(q.client_id);
    if (!client) return sendPage(reply, errorPage('The app that sent you here is not known to this sign-in (invalid client_id).'), 400);
    if (!q.redirect_uri || !(client.CallbackURLs ?? []).includes(q.redirect_uri)) {
      return sendPage(reply, errorPage('The address to return to is not registered for this app (redirect_mismatch).'), 400);
    }
    const providerName = q.identity_provider ?? '';
    const pending = {
      clientId: client.ClientId,
      redirectUri: q.redirect_uri,
      scope: q.scope ?? '',
      state: q.state,
      codeChallenge: q.code_challenge ?? '',
      providerName,
      passwordAttempts: 0,
    };
    if (q.response_type !== 'code')
      return context.sendBack(reply, pending, 'unsupported_response_type', 'Only the code flow is supported.');
    if (!q.code_challenge || q.code_challenge_method !== 'S256') {
      return context.sendBack(reply, pending, 'invalid_request', 'PKCE with code_challenge_method S256 is required.');
    }
    const allowedScopes = client.AllowedOAuthScopes ?? [];
    if (!pending.scope || pending.scope.split(' ').some((scope) => !allowedScopes.includes(scope))) {
      return context.sendBack(reply, pending, 'invalid_scope', `Scopes must be among: ${allowedScopes.join(' ')}.`);
    }
    const provider = providerByPoolName(providerName);
    if (!provider || !(client.SupportedIdentityProviders ?? []).includes(providerName)) {
      const known = Object.values(POOL_PROVIDER_NAMES).join(', ');
      return context.sendBack(reply, pending, 'invalid_request', `identity_provider must be one of ${known}.`);
    }
    // Already signed in here with this identity: the provider asks nothing again.
    const session = flows.sessions.get(cookiesOf(request)[SESSION_COOKIE]);
    const user = session?.providerName === providerName ? await federation.userByUsername(session.username) : null;
    if (session && user?.Enabled && identitiesOf(user).some((identity) => identity.userId === session.providerUserId)) {
      return context.complete(reply, pending, user.Username, { providerName, userId: session.providerUserId });
    }
    return reply.redirect(`/providers/${LOOKS[provider].slug}?flow=${flows.requests.add(pending)}`, 302);
  });

  const tokenError = (reply: FastifyReply, error: string, description: string, status = 400) =>
    reply.code(status).send({ error, error_description: description });

  async function tokensFor(client: AppClient, user: User, source: 'HostedAuth' | 'RefreshTokens', scope: string) {
    const pool = await services.cognito.getUserPool(ctx, client.UserPoolId);
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, undefined, source);
    return { ...tokens, AccessToken: await withClaims(tokens.AccessToken, { scope }), pool };
  }

  app.options('/oauth2/token', async (request, reply) => preflight(request, reply, 'POST'));
  app.post('/oauth2/token', async (request, reply) => {
    cors(request, reply);
    const body = (request.body ?? {}) as Params;
    const client = await clientFor(body.client_id);
    if (!client) return tokenError(reply, 'invalid_client', 'Unknown client_id.', 401);
    if (body.grant_type === 'authorization_code') {
      const issued = flows.codes.take(body.code);
      if (!issued || issued.clientId !== client.ClientId || issued.redirectUri !== body.redirect_uri) {
        return tokenError(reply, 'invalid_grant', 'The code is not valid for this client and redirect_uri.');
      }
      if (!body.code_verifier || s256(body.code_verifier) !== issued.codeChallenge) {
        return tokenError(reply, 'invalid_grant', 'code_verifier does not match the code_challenge.');
      }
      const user = await federation.userByUsername(issued.username);
      if (!user?.Enabled) return tokenError(reply, 'invalid_grant', 'The user is not available.');
      const { pool, ...tokens } = await tokensFor(client, user, 'HostedAuth', issued.scope);
      await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
      return answer(reply, tokens);
    }
    if (body.grant_type === 'refresh_token') {
      const pool = await services.cognito.getUserPool(ctx, client.UserPoolId);
      const user = body.refresh_token ? await pool.getUserByRefreshToken(ctx, body.refresh_token) : null;
      if (!user?.Enabled) return tokenError(reply, 'invalid_grant', 'The refresh token is not valid.');
      const { RefreshToken: _unused, ...tokens } = await tokensFor(
        client,
        user,
        'RefreshTokens',
        (client.AllowedOAuthScopes ?? []).join(' '),
      );
      return answer(reply, tokens);
    }
    return tokenError(reply, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  });

  app.options('/oauth2/userInfo', async (request, reply) => preflight(request, reply, 'GET'));
  app.get('/oauth2/userInfo', async (request, reply) => {
    cors(request, reply);
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
    try {
      const { payload } = await jwtVerify(token, await importJWK(publicKey.jwk, 'RS256'), {
        algorithms: ['RS256'],
        issuer: context.issuer,
      });
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (
        !String(payload.scope ?? '')
          .split(' ')
          .includes('openid')
      )
        throw new Error('no openid scope');
      const user = await federation.userByUsername(String(payload.username));
      if (!user?.Enabled) throw new Error('no such user');
      return userInfo(user);
    } catch {
      return reply.code(401).header('www-authenticate', 'Bearer error="invalid_token"').send({ error: 'invalid_token' });
    }
  });

  app.get('/logout', async (request, reply) => {
    const q = request.query as Params;
    const client = await clientFor(q.client_id);
    if (!client) return sendPage(reply, errorPage('The app that sent you here is not known to this sign-in (invalid client_id).'), 400);
    if (!q.logout_uri || !(client.LogoutURLs ?? []).includes(q.logout_uri)) {
      return sendPage(reply, errorPage('The address to return to after signing out is not registered for this app.'), 400);
    }
    flows.sessions.take(cookiesOf(request)[SESSION_COOKIE]);
    return reply.header('set-cookie', cookie(SESSION_COOKIE, '', 0)).redirect(q.logout_uri, 302);
  });

  function preflight(request: FastifyRequest, reply: FastifyReply, method: string) {
    cors(request, reply);
    return reply
      .header('access-control-allow-methods', method)
      .header('access-control-allow-headers', 'authorization, content-type, x-amz-user-agent')
      .header('access-control-max-age', '600')
      .code(204)
      .send();
  }
}

function answer(reply: FastifyReply, tokens: { IdToken: string; AccessToken: string; RefreshToken?: string }) {
  return reply.send({
    id_token: tokens.IdToken,
    access_token: tokens.AccessToken,
    ...(tokens.RefreshToken ? { refresh_token: tokens.RefreshToken } : {}),
    token_type: 'Bearer',
    expires_in: 3600,
  });
}

/** Amazon Cognito's userInfo answer: attributes as strings, `identities` as its JSON text. */
function userInfo(user: User) {
  const value = (name: string) => attributeValue(name, user.Attributes);
  const answer: Record<string, string> = { sub: value('sub')!, username: user.Username };
  for (const name of ['email', 'email_verified', 'given_name', 'family_name', 'phone_number', 'phone_number_verified', 'identities']) {
    const found = value(name);
    if (found !== undefined) answer[name] = found;
  }
  return answer;
}
