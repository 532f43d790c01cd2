/**
 * Rate limits on the routes that send mail, create links or take anonymous input (DESIGN §12):
 * per client address, per shared link and per user, answered with 429 and Retry-After, counted in
 * the database so every API process shares them (races.postgres.test.ts shows two processes).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RATE_LIMITS } from '../../server/api/guards/rate-limits';
import { apiFor } from '../support/api-harness';
import { SALE, saleByNewSeller } from '../support/deals';
import { personFor } from '../support/tokens';

const parts = inject('parts');
const PROXY = '10.99.0.1';
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts, { TRUSTED_PROXIES: PROXY });
});
afterAll(() => api.close());

const sharedLink = () => saleByNewSeller(api, parts.identity);

/** A visitor's counteroffer through a link, from `from`, with a fresh e-mail each time (each opens a negotiation). */
const counter = (link: { token: string; offerId: string }, from: string, headers: Record<string, string> = {}) =>
  api.app.inject({
    method: 'POST',
    url: `/api/public/offer-links/${link.token}/actions`,
    remoteAddress: from,
    headers,
    payload: { action: 'counter', email: `v-${randomUUID()}@example.com`, amount: 19_000, latestOfferId: link.offerId },
  });

function expectRefused(
  answer: { statusCode: number; headers: Record<string, unknown>; json(): { message: string } },
  windowSeconds: number,
) {
  expect(answer.statusCode).toBe(429);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(answer.json().message).toMatch(/^Too many requests\. Try again in \d+ (seconds?|minutes?)\.$/);
}

describe('rate limits', () => {
  it('caps the negotiations one shared link opens, whoever answers it', async () => {
    const { max, windowSeconds } = RATE_LIMITS.linkActionsPerLink;
    const link = await sharedLink();
    for (let i = 0; i < max; i++) expect((await counter(link, `10.1.${i}.1`)).statusCode).toBe(200);
    expectRefused(await counter(link, '10.1.250.1'), windowSeconds);
    expect((await counter(await sharedLink(), '10.1.250.1')).statusCode).toBe(200);
  });

  it('caps what one client does through links, telling apart clients behind a trusted proxy only', async () => {
    const { max, windowSeconds } = RATE_LIMITS.linkActionsPerClient;
    const links = await Promise.all(Array.from({ length: Math.ceil((max + 1) / RATE_LIMITS.linkActionsPerLink.max) + 1 }, sharedLink));
    const client = '10.2.0.1';
    for (let i = 0; i < max; i++) expect((await counter(links[i % links.length]!, client)).statusCode).toBe(200);
    expectRefused(await counter(links[0]!, client), windowSeconds);
    // A forged X-Forwarded-For from an address that is not a trusted proxy changes nothing.
    expectRefused(await counter(links[1]!, client, { 'x-forwarded-for': '203.0.113.7' }), windowSeconds);
    // Behind the trusted proxy, the client is the address it forwards.
    expect((await counter(links.at(-1)!, PROXY, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
  });

  it('caps the offers one user starts (each can mail any address), not other users', async () => {
    const { max, windowSeconds } = RATE_LIMITS.offersPerUser;
    const seller = await personFor(parts.identity, 'busy');
    for (let i = 0; i < max; i++) {
      const answer = await api.call('POST', '/api/offers', seller.bearer, {
        ...SALE,
        counterpartyEmail: `b-${i}-${randomUUID()}@example.com`,
      });
      expect(answer.statusCode).toBe(201);
    }
    expectRefused(await api.call('POST', '/api/offers', seller.bearer, SALE), windowSeconds);
    const other = await personFor(parts.identity, 'calm');
    expect((await api.call('POST', '/api/offers', other.bearer, SALE)).statusCode).toBe(201);
  });
});
