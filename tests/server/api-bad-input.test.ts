/**
 * Bad input gets 400 naming the field, never 500, on every route that takes a body or a query:
 * each field of a valid request is replaced in turn by text with control characters or lone
 * surrogates (which PostgreSQL cannot store), out-of-range numbers and impossible dates. Routes
 * that are rate-limited per user or per link get a fresh one for each variant, since a refused
 * request still counts against its limit.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiFor } from '../support/api-harness';
import { dealBetween } from '../support/deals';
import { resolve, routeRequests, type Json, type RouteRequest } from '../support/route-requests';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(() => api.close());

const BAD_TEXT = ['nul\u0000inside', 'bell\u0007', 'escape\u001b[2J', 'lone \ud800 high surrogate', 'lone \udfff low surrogate'];
const BAD_NUMBERS = [1e308, -1e308, 2 ** 53 + 2, 0.5, -1];
const BAD_DATES = ['2023-02-29', '2001-04-31', '2024-13-01', '0000-01-01', '99999-01-01'];

/** Every leaf of `value` with its path. */
function leaves(value: Json, path: string[] = []): { path: string[]; value: Json }[] {
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, Array.isArray(value) ? key : key]));
  return [{ path, value }];
}

function replaced(body: Record<string, Json>, path: string[], bad: Json): Record<string, Json> {
  const copy = structuredClone(body);
  let at: Record<string, Json> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, Json>;
  at[path.at(-1)!] = bad;
  return copy;
}

async function send(request: RouteRequest, body: Record<string, Json> | undefined, query: Record<string, string> | undefined) {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return api.call(request.method as 'POST', `${await resolve(request.url)}${search}`, await resolve(request.bearer), body);
}

/** The bad variants of one request, each with the field it spoils. */
function variants(request: RouteRequest) {
  const out: { field: string; body?: Record<string, Json>; query?: Record<string, string>; bad: Json }[] = [];
  for (const { path, value } of request.body ? leaves(request.body) : []) {
    const field = path.filter((key) => !/^\d+$/.test(key)).at(-1)!;
    const bads = [...BAD_TEXT, ...(typeof value === 'number' ? BAD_NUMBERS : []), ...(request.dates?.includes(field) ? BAD_DATES : [])];
    for (const bad of bads) out.push({ field, body: replaced(request.body!, path, bad), query: request.query, bad });
  }
  for (const field of Object.keys(request.query ?? {})) {
    // A URL cannot carry an unpaired surrogate: it goes out as U+FFFD, a character like any other.
    const text = BAD_TEXT.filter((bad) => !/[\ud800-\udfff]/.test(bad));
    const bads = [...text, ...(request.dates?.includes(field) ? BAD_DATES : [])];
    for (const bad of bads) out.push({ field, body: request.body, query: { ...request.query, [field]: bad }, bad });
  }
  return out;
}

describe('bad input', () => {
  it('answers 400 naming the field on every route with a body or query, never 500', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const request of await routeRequests(api, parts)) {
      const valid = await send(request, request.body, request.query);
      expect(
        valid.statusCode,
        `${request.method} ${typeof request.url === 'string' ? request.url : 'a fresh link'} as sent: ${valid.body}`,
      ).not.toBe(400);
      for (const variant of variants(request)) {
        const answer = await send(request, variant.body, variant.query);
        sent += 1;
        const message = String(answer.json().message ?? '');
        if (answer.statusCode !== 400 || !message.includes(variant.field))
          failures.push(
            `${request.method} ${typeof request.url === 'string' ? request.url : 'a fresh link'} ${variant.field}=${JSON.stringify(variant.bad)} → ${answer.statusCode} ${message}`,
          );
      }
    }
    expect(sent).toBeGreaterThan(400);
    expect(failures).toEqual([]);
  });

  it('answers 400 to a body nested 100,000 deep, on every route with a body, before anything reads it', async () => {
    const deep = ['['.repeat(100_000) + ']'.repeat(100_000), '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)];
    const answers: string[] = [];
    for (const request of (await routeRequests(api, parts)).filter((candidate) => candidate.body))
      for (const payload of deep) {
        const answer = await api.app.inject({
          method: request.method,
          url: await resolve(request.url),
          headers: { authorization: await resolve(request.bearer), 'content-type': 'application/json' },
          payload,
        });
        answers.push(`${answer.statusCode} ${answer.json().message}`);
      }
    expect(answers.length).toBeGreaterThan(20);
    expect(new Set(answers)).toEqual(new Set(['400 The request body nests objects and arrays too deeply: at most 32 levels.']));
    // A body as deep as the limit is read as usual (here refused by its schema, naming the field).
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const atLimit = await api.call('POST', `/api/transactions/${buyerTx}/events`, buyer.bearer, {
      event: 'address submitted',
      payload: JSON.parse('['.repeat(31) + ']'.repeat(31)),
      idempotencyKey: randomUUID(),
      expectedVersion: 0,
    });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).toMatch(/payload/);
  });

  it('answers 400 for page tokens that are malformed or out of range', async () => {
    const { buyer } = await dealBetween(api, parts.identity);
    for (const after of [
      'nonsense',
      `2026-01-01T00:00:00.000Z|${'-'.repeat(36)}`,
      `+275761-01-01T00:00:00.000Z|${randomUUID()}`,
      `-000001-01-01T00:00:00.000Z|${randomUUID()}`,
      `2026-02-30T00:00:00.000Z|${randomUUID()}`,
    ]) {
      const answer = await api.call('GET', `/api/documents?after=${encodeURIComponent(after)}`, buyer.bearer);
      expect(answer.statusCode, `${after}: ${answer.body}`).toBe(400);
      expect(answer.json().message).toMatch(/^after: /);
    }
  });
});
