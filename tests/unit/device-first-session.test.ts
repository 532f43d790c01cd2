/**
 * The session a navigation starts from (issue 56, src/data/session/session.ts): the tokens this device holds, at once —
 * the identity service is asked behind the screen. A call whose token has run out waits for that answer and carries
 * the new token; a refusal signs the person out and runs the guards again.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { validRuntimeConfig as config } from '../support/runtime-config-fixture';

const identity = vi.hoisted(() => ({ currentSession: vi.fn(), configureIdentity: vi.fn(async () => undefined) }));
vi.mock('../../src/data/session/identity', () => identity);

/** localStorage as a browser has it: the stored keys are its own enumerable properties. */
function memoryStorage(): Storage {
  const store = {} as Record<string, string>;
  const methods = {
    getItem: (key: string) => (Object.hasOwn(store, key) ? store[key]! : null),
    setItem: (key: string, value: string) => void (store[key] = value),
    removeItem: (key: string) => void delete store[key],
    clear: () => Object.keys(store).forEach((key) => delete store[key]),
  };
  for (const [name, method] of Object.entries(methods)) Object.defineProperty(store, name, { value: method, enumerable: false });
  return store as unknown as Storage;
}
let storage = memoryStorage();
vi.stubGlobal('localStorage', storage);
vi.stubGlobal('navigator', { onLine: true });

const { loadRuntimeConfig } = await import('../../src/data/api/runtime-config');
const { restoreSession } = await import('../../src/data/session/session');
const { session, onGuardInputsChanged, setSignedOut } = await import('../../src/data/session/session-store');
const { apiRequest } = await import('../../src/data/api/api-client');

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) => `${base64url({ alg: 'none' })}.${base64url(claims)}.signature`;
const nowS = () => Math.floor(Date.now() / 1000);

/** Amplify's keys as a sign-in on this device left them. */
function tokensOnDevice(idToken: string) {
  const prefix = `CognitoIdentityServiceProvider.${config.auth.userPoolClientId}`;
  storage.setItem(`${prefix}.LastAuthUser`, 'robin');
  storage.setItem(`${prefix}.robin.idToken`, idToken);
  storage.setItem(`${prefix}.robin.refreshToken`, 'refresh-token');
}

beforeAll(async () => {
  await loadRuntimeConfig((async () => new Response(JSON.stringify(config))) as typeof fetch);
});

afterEach(() => {
  setSignedOut();
  identity.currentSession.mockReset();
  vi.unstubAllGlobals();
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('navigator', { onLine: true });
});

describe('a navigation on a device that holds a session', () => {
  it('is signed in at once from the saved tokens, while the identity service has not answered', async () => {
    const token = jwt({ sub: 'sub-1', email: 'robin@example.com', exp: nowS() + 3600 });
    tokensOnDevice(token);
    let answer: (value: unknown) => void = () => undefined;
    identity.currentSession.mockReturnValue(new Promise((resolve) => (answer = resolve))); // a slow connection: no answer yet
    await restoreSession();
    expect(session).toMatchObject({ status: 'signed-in', user: { sub: 'sub-1', email: 'robin@example.com' } });
    await vi.waitFor(() => expect(identity.currentSession).toHaveBeenCalledTimes(1)); // asked, behind the screen
    answer({ sub: 'sub-1', email: 'robin@example.com', idToken: token });
  });

  it('sends a call whose token ran out with the token the identity service renewed, once it answers', async () => {
    tokensOnDevice(jwt({ sub: 'sub-1', email: 'robin@example.com', exp: nowS() - 60 }));
    const renewed = jwt({ sub: 'sub-1', email: 'robin@example.com', exp: nowS() + 3600 });
    let answer: (value: unknown) => void = () => undefined;
    identity.currentSession.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true })));
    vi.stubGlobal('fetch', fetchMock);

    await restoreSession();
    const call = apiRequest('GET', 'dashboard', z.object({ ok: z.boolean() }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled(); // it waits for the renewal instead of going out with a spent token
    answer({ sub: 'sub-1', email: 'robin@example.com', idToken: renewed });
    await expect(call).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/dashboard',
      expect.objectContaining({ headers: expect.objectContaining({ authorization: `Bearer ${renewed}` }) }),
    );
  });

  it('ends when the identity service refuses it, and the guards run again', async () => {
    tokensOnDevice(jwt({ sub: 'sub-1', email: 'robin@example.com', exp: nowS() + 3600 }));
    identity.currentSession.mockRejectedValue(
      Object.assign(new Error('Refresh Token has been revoked'), { name: 'NotAuthorizedException' }),
    );
    const guardsAgain = vi.fn();
    const stop = onGuardInputsChanged(guardsAgain);
    await restoreSession();
    expect(session.status).toBe('signed-in');
    await vi.waitFor(() => expect(session.status).toBe('signed-out'), { timeout: 10_000 }); // it clears the device's records first
    expect(guardsAgain).toHaveBeenCalled();
    // The guards' next run does not restore the session from the tokens the service refused.
    await restoreSession();
    expect(session.status).toBe('signed-out');
    stop();
  });

  it('stays signed in when the identity service cannot be reached', async () => {
    tokensOnDevice(jwt({ sub: 'sub-1', email: 'robin@example.com', exp: nowS() + 3600 }));
    identity.currentSession.mockRejectedValue(new TypeError('Failed to fetch'));
    await restoreSession();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(session.status).toBe('signed-in');
  });
});
