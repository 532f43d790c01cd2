/**
 * Identity tokens on the API: a user made through the admin API signs in through Amplify
 * against the local pool, the API takes its ID token, and refuses every other token.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { apiFor } from '../support/api-harness';
import { createConfirmedUser } from '../support/identity-admin';
import { mintIdToken, type MintOptions } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;
let idToken: string;
let accessToken: string;
let user: { email: string; password: string };

beforeAll(async () => {
  api = await apiFor(parts);
  user = await createConfirmedUser(parts.identity);
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: parts.identity.userPoolId,
        userPoolClientId: parts.identity.userPoolClientId,
        userPoolEndpoint: parts.identity.endpoint,
      },
    },
  });
  const result = await signIn({ username: user.email, password: user.password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  expect(result.isSignedIn).toBe(true);
  const session = await fetchAuthSession();
  idToken = session.tokens!.idToken!.toString();
  accessToken = session.tokens!.accessToken.toString();
});

afterAll(async () => {
  await signOut();
  await api.close();
});

function profileWith(authorization?: string) {
  return api.app.inject({ method: 'GET', url: '/api/users/profile', headers: authorization ? { authorization } : {} });
}

const mint = (claims: Record<string, unknown>, options?: MintOptions) => mintIdToken(parts.identity, claims, options);

describe('bearer ID tokens', () => {
  it('accepts the ID token of a user signed in through Amplify and knows who they are', async () => {
    const answer = await profileWith(`Bearer ${idToken}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ email: user.email, type: 'customer', isAdditionalDetailsSubmitted: false });
  });

  it('refuses a request without a token', async () => {
    const answer = await profileWith();
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe('User is not authenticated');
  });

  it('refuses a malformed token', async () => {
    expect((await profileWith('Bearer not.a.jwt')).statusCode).toBe(401);
    expect((await profileWith('Basic abc')).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = await mint({}, { expiresIn: Math.floor(Date.now() / 1000) - 3600 });
    expect((await profileWith(`Bearer ${expired}`)).statusCode).toBe(401);
  });

  it('refuses a token it accepted before, once that token has expired', async () => {
    const now = Date.now();
    const token = await mint({}, { expiresIn: Math.floor(now / 1000) + 60 });
    expect((await profileWith(`Bearer ${token}`)).statusCode).toBe(200);
    // Past the expiry and the five minutes of clock skew the API allows.
    vi.useFakeTimers({ toFake: ['Date'], now: now + (60 + 5 * 60 + 1) * 1000 });
    try {
      expect((await profileWith(`Bearer ${token}`)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token signed with another key', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    expect((await profileWith(`Bearer ${await mint({}, { key: privateKey })}`)).statusCode).toBe(401);
  });

  it('refuses a token from another issuer, even one signed with the right key', async () => {
    const otherPool = await mint({}, { issuer: `${parts.identity.endpoint}/local_other123` });
    expect((await profileWith(`Bearer ${otherPool}`)).statusCode).toBe(401);
  });

  it('refuses an access token where the identity token is required', async () => {
    expect((await profileWith(`Bearer ${accessToken}`)).statusCode).toBe(401);
  });

  it('accepts a correctly minted token, so the refusals above are about the one thing each changes', async () => {
    expect((await profileWith(`Bearer ${await mint({})}`)).statusCode).toBe(200);
  });
});
