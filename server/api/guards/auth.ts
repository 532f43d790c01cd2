/**
 * Bearer ID-token verification for every non-public route: signature against the issuer's
 * JWKS, issuer, audience (the app client), expiry, and token_use "id" (an access token is
 * not accepted where the spec says calls carry the identity token, SPEC §7).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Caller } from '../../modules/users/caller';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

export type Authenticate = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const CLOCK_TOLERANCE_SECONDS = 5 * 60; // SPEC §9 clock-skew tolerance

/** How many verified tokens are remembered: far more than the people one process serves within a token's hour. */
const REMEMBERED_TOKENS = 10_000;

export function createAuthenticate(options: { issuer: string; jwksUrl: string; clientId: string }): Authenticate {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000 });
  // A screen makes many calls with one token; checking its RSA signature each time was the
  // largest cost of a light read under load (bench:api). A token verified once is taken until
  // the moment jwtVerify would refuse it as expired.
  const verified = new Map<string, { caller: Caller; usableUntilMs: number }>();

  async function verify(token: string): Promise<Caller> {
    const known = verified.get(token);
    if (known && Date.now() < known.usableUntilMs) return known.caller;
    verified.delete(token);
    const { payload } = await jwtVerify(token, keys, {
      issuer: options.issuer,
      audience: options.clientId,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (payload.token_use !== 'id') throw new Error('not an ID token');
    const caller = callerFrom(payload);
    if (payload.exp !== undefined) {
      // The oldest goes first (a Map iterates in insertion order).
      if (verified.size >= REMEMBERED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, { caller, usableUntilMs: (payload.exp + CLOCK_TOLERANCE_SECONDS) * 1000 });
    }
    return caller;
  }

  return async function authenticate(request, reply) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
    if (!token) {
      await reply.code(401).send({ message: 'User is not authenticated' });
      return;
    }
    try {
      request.caller = await verify(token);
    } catch (error) {
      request.log.info({ reason: (error as Error).message }, 'rejected bearer token');
      await reply.code(401).send({ message: 'Your session is not valid. Please sign in again.' });
    }
  };
}

function callerFrom(payload: JWTPayload): Caller {
  const email = typeof payload.email === 'string' ? payload.email : '';
  const groups = Array.isArray(payload['cognito:groups']) ? (payload['cognito:groups'] as string[]) : [];
  if (!payload.sub) throw new Error('token has no subject');
  const text = (name: string) => (typeof payload[name] === 'string' && payload[name] ? (payload[name] as string) : undefined);
  return {
    sub: payload.sub,
    username: text('cognito:username') ?? payload.sub,
    email,
    emailVerified: payload.email_verified === true,
    groups,
    givenName: text('given_name'),
    familyName: text('family_name'),
    ...(payload.exp ? { expiresAt: payload.exp * 1000 } : {}),
  };
}
