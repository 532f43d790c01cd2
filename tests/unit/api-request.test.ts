import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, NetworkError, RateLimited, ServerError } from '../../src/data/api/api-client';
import { validRuntimeConfig as config } from '../support/runtime-config-fixture';
import { loadRuntimeConfig } from '../../src/data/api/runtime-config';
import { setSignedIn, setSignedOut } from '../../src/data/session/session-store';

beforeAll(async () => {
  await loadRuntimeConfig((async () => new Response(JSON.stringify(config))) as typeof fetch);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setSignedOut();
});

function answering(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends the bearer ID token when signed in and validates the answer', async () => {
    setSignedIn({ sub: 's', email: 'e@example.com' }, 'the-id-token');
    const fetchMock = answering(200, { total: 3 });
    await expect(apiRequest('GET', 'dashboard', z.object({ total: z.number() }))).resolves.toEqual({ total: 3 });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/dashboard',
      expect.objectContaining({ headers: expect.objectContaining({ authorization: 'Bearer the-id-token' }) }),
    );
  });

  it('rethrows a 5xx as ServerError (SPEC §8)', async () => {
    answering(503, { message: 'down for maintenance' });
    await expect(apiRequest('GET', 'dashboard', z.unknown())).rejects.toEqual(new ServerError(503, 'down for maintenance'));
  });

  it('turns a 4xx into ApiError with the server message', async () => {
    answering(409, { message: 'This offer changed; reload it.' });
    const failure = apiRequest('POST', 'offers', z.unknown(), {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 409, message: 'This offer changed; reload it.' });
  });

  it('reports an unreachable API as NetworkError, not as an answer', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('GET', 'dashboard', z.unknown())).rejects.toBeInstanceOf(NetworkError);
  });

  it('fails at once when the browser knows it is offline: no request, no pauses between tries', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const fetchMock = answering(200, {});
    const started = Date.now();
    await expect(apiRequest('GET', 'dashboard', z.unknown())).rejects.toBeInstanceOf(NetworkError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('retries a GET on 503 and answers the later success', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('{}', { status: 503 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(JSON.stringify({ total: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('GET', 'dashboard', z.object({ total: z.number() }))).resolves.toEqual({ total: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after 3 attempts (SPEC §9)', async () => {
    const fetchMock = answering(429, { message: 'slow down' });
    await expect(apiRequest('PATCH', 'users/profile', z.unknown(), {})).rejects.toMatchObject({ status: 429 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('never repeats a POST, which might have been applied', async () => {
    const fetchMock = answering(503, {});
    await expect(apiRequest('POST', 'offers', z.unknown(), {})).rejects.toBeInstanceOf(ServerError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry an answer that will not change, such as 400', async () => {
    const fetchMock = answering(400, { message: 'bad' });
    await expect(apiRequest('GET', 'dashboard', z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('waits as long as Retry-After says before asking again', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('{}', { status: 429, headers: { 'retry-after': '3' } }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ total: 2 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const answer = apiRequest('GET', 'dashboard', z.object({ total: z.number() }));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toEqual({ total: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not wait out a long Retry-After: it says when to try again', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 20, 15, 0, 0) });
    const fetchMock = vi.fn(
      async () => new Response('{"message":"Too many requests."}', { status: 429, headers: { 'retry-after': '600' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    for (const method of ['GET', 'POST'] as const) {
      const failure = apiRequest(method, 'public/offer-links/x/actions', z.unknown(), method === 'POST' ? {} : undefined);
      await expect(failure).rejects.toBeInstanceOf(RateLimited);
      await expect(failure).rejects.toMatchObject({
        status: 429,
        retryAt: new Date(2026, 10, 20, 15, 10, 0),
        message: 'Too many requests. Try again in 10 minutes, at 3:10 PM.',
      });
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
