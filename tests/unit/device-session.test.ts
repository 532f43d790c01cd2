/**
 * The session the service worker acts with while the app is closed (src/data/session/device-session.ts):
 * a token with time left is used as it is; one about to expire is refreshed with the identity
 * service's REFRESH_TOKEN_AUTH and kept; a refused refresh (signed out everywhere) clears the copy;
 * an identity service that cannot answer leaves it for the next try.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/data/db';
import { keepDeviceSession, signedInHere, workerSession } from '../../src/data/session/device-session';

const AUTH = { region: 'us-west-2', userPoolId: 'local_AbC', userPoolClientId: 'client-1', userPoolEndpoint: 'http://127.0.0.1:9229' };
const tokenFor = (expiresInS: number, email = 'robin@example.com') =>
  `h.${Buffer.from(JSON.stringify({ sub: 'sub-robin', email, exp: Math.floor(Date.now() / 1000) + expiresInS })).toString('base64url')}.s`;

const answered = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status }));

describe('the service worker’s session', () => {
  beforeEach(() => db.device.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('is whoever signed in here, and uses their token while it has time left', async () => {
    expect(await signedInHere()).toBeUndefined();
    expect(await workerSession()).toBeUndefined();
    const token = tokenFor(3600);
    await keepDeviceSession(AUTH, 'sub-robin', token, 'refresh-1');
    const fetch = answered(500, {});
    vi.stubGlobal('fetch', fetch);
    expect(await signedInHere()).toBe('sub-robin');
    expect(await workerSession()).toEqual({ sub: 'sub-robin', email: 'robin@example.com', idToken: token });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refreshes a token about to expire at the identity service, and keeps the new one', async () => {
    await keepDeviceSession(AUTH, 'sub-robin', tokenFor(30), 'refresh-1');
    const fresh = tokenFor(3600);
    const fetch = answered(200, { AuthenticationResult: { IdToken: fresh, AccessToken: 'a', ExpiresIn: 3600 } });
    vi.stubGlobal('fetch', fetch);
    expect(await workerSession()).toMatchObject({ idToken: fresh });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(AUTH.userPoolEndpoint);
    expect(new Headers(init.headers).get('x-amz-target')).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(JSON.parse(init.body as string)).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'client-1',
      AuthParameters: { REFRESH_TOKEN: 'refresh-1' },
    });
    vi.stubGlobal('fetch', answered(500, {}));
    expect(await workerSession()).toMatchObject({ idToken: fresh });
  });

  it('forgets the copy when the identity service refuses the refresh (signed out everywhere)', async () => {
    await keepDeviceSession(AUTH, 'sub-robin', tokenFor(-10), 'revoked');
    vi.stubGlobal('fetch', answered(400, { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' }));
    expect(await workerSession()).toBeUndefined();
    expect(await signedInHere()).toBeUndefined();
  });

  it('keeps the copy when the identity service cannot answer, so the next sync tries again', async () => {
    await keepDeviceSession(AUTH, 'sub-robin', tokenFor(-10), 'refresh-1');
    vi.stubGlobal('fetch', answered(503, {}));
    await expect(workerSession()).rejects.toThrow(/503/);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(workerSession()).rejects.toThrow();
    expect(await signedInHere()).toBe('sub-robin');
  });
});
