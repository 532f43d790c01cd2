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
import { dealBetween, saleByNewSeller } from '../support/deals';
import { bearerFor, personFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(() => api.close());

const BAD_TEXT = ['nul\u0000inside', 'bell\u0007', 'escape\u001b[2J', 'lone \ud800 high surrogate', 'lone \udfff low surrogate'];
const BAD_NUMBERS = [1e308, -1e308, 2 ** 53 + 2, 0.5, -1];
const BAD_DATES = ['2023-02-29', '2001-04-31', '2024-13-01', '0000-01-01', '99999-01-01'];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
interface Request {
  method: 'POST' | 'PATCH' | 'GET';
  url: string | (() => Promise<string>);
  bearer: string | (() => Promise<string>);
  body?: Record<string, Json>;
  query?: Record<string, string>;
  /** Fields holding dates, which also get impossible ones. */
  dates?: string[];
}

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

const resolve = async (value: string | (() => Promise<string>)) => (typeof value === 'string' ? value : value());

async function send(request: Request, body: Record<string, Json> | undefined, query: Record<string, string> | undefined) {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return api.call(request.method as 'POST', `${await resolve(request.url)}${search}`, await resolve(request.bearer), body);
}

/** The bad variants of one request, each with the field it spoils. */
function variants(request: Request) {
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

const ADDRESS = { line1: '500 Congress Ave', line2: 'Suite 1', city: 'Austin', state: 'TX', postalCode: '78701' };

async function requests(): Promise<Request[]> {
  const { buyer, seller, buyerTx, sellerTx } = await dealBetween(api, parts.identity);
  const { uid } = (await api.call('GET', '/api/users/profile', buyer.bearer)).json();
  const admin = await bearerFor(parts.identity, ['admin']);
  const sale = await saleByNewSeller(api, parts.identity);
  // A buyer's offer on a car they described, to the seller by their Caramel code: the seller confirms the vehicle.
  const described = (
    await api.call('POST', '/api/offers', buyer.bearer, {
      vehicle: { modelYear: 2005, make: 'Buick', model: 'LaCrosse', mileage: 91_000 },
      amount: 7_500,
      role: 'buyer',
      counterpartyCode: (await api.call('GET', '/api/users/profile', sale.seller.bearer)).json().caramelCode,
    })
  ).json();
  const newLink = async () => (await saleByNewSeller(api, parts.identity)).token;
  const started = async (slot: string, fileName: string, contentType: string, size: number) =>
    (await api.call('POST', '/api/uploads', buyer.bearer, { transactionId: buyerTx, slot, fileName, contentType, size })).json();
  const upload = await started('inspection-media', 'walk.mp4', 'video/mp4', 12 * 1024 * 1024);
  const single = await started('proof-of-address', 'bill.pdf', 'application/pdf', 1000);
  const dealerApplication = {
    idempotencyKey: randomUUID(),
    dealershipName: 'Hill Country Autos',
    licenceNumber: 'TX-88213',
    address: { line1: '400 Main St', city: 'Fredericksburg', state: 'TX', postalCode: '78624' },
    phone: '+18305550142',
    note: 'Family-run lot since 1998.',
  };
  const applied = (
    await api.call('POST', '/api/dealer-applications', (await personFor(parts.identity, 'applicant')).bearer, dealerApplication)
  ).json();
  const event = (event: string, payload: Record<string, Json>, bearer = buyer.bearer, transactionId = buyerTx): Request => ({
    method: 'POST',
    url: `/api/transactions/${transactionId}/events`,
    bearer,
    body: { event, payload, idempotencyKey: randomUUID(), expectedVersion: 0 },
    dates: ['dateOfBirth'],
  });
  return [
    {
      method: 'PATCH',
      url: '/api/users/profile',
      bearer: buyer.bearer,
      body: { firstName: 'Ada', lastName: 'Lovelace', mobile: '+14155550134' },
    },
    { method: 'PATCH', url: '/api/users/profile/identity', bearer: buyer.bearer, body: { cognitoIdentityId: `us-west-2:${randomUUID()}` } },
    {
      method: 'POST',
      url: `/api/users/${uid}/profile/${randomUUID()}`,
      bearer: buyer.bearer,
      body: { legalFirstName: 'Ada', legalLastName: 'Lovelace', dateOfBirth: '1990-04-30', address: ADDRESS },
      dates: ['dateOfBirth'],
    },
    { method: 'PATCH', url: `/api/users/${uid}/type`, bearer: admin, body: { type: 'dealer' } },
    {
      method: 'POST',
      url: '/api/offers',
      bearer: async () => (await personFor(parts.identity, 'seller')).bearer,
      body: {
        vehicle: { vin: '1G4AH59H45G118341', mileage: 1000 },
        amount: 9000,
        role: 'seller',
        counterpartyEmail: `x-${randomUUID()}@example.com`,
        partner: { uid: 'listing-123', source: 'listing-site' },
      },
    },
    {
      method: 'POST',
      url: '/api/offers',
      bearer: async () => (await personFor(parts.identity, 'buyer')).bearer,
      body: {
        vehicle: { vin: '1G4AH59H45G118341', modelYear: 2005, make: 'Buick', model: 'LaCrosse', mileage: 1000 },
        amount: 7000,
        role: 'buyer',
        counterpartyEmail: `x-${randomUUID()}@example.com`,
      },
    },
    {
      method: 'POST',
      url: `/api/offers/${described.id}/vehicle`,
      bearer: sale.seller.bearer,
      body: { vin: '1G4AH59H45G118341', modelYear: 2005, make: 'Buick', model: 'LaCrosse' },
    },
    {
      method: 'POST',
      url: `/api/offers/${sale.id}/actions`,
      bearer: sale.seller.bearer,
      body: { action: 'counter', amount: 9500, latestOfferId: sale.offerId },
    },
    {
      method: 'POST',
      url: async () => `/api/public/offer-links/${await newLink()}/actions`,
      bearer: '',
      body: { action: 'counter', email: `v-${randomUUID()}@example.com`, amount: 8000, latestOfferId: sale.offerId },
    },
    event('identity submitted', { inquiryId: 'inq_123' }),
    event('address submitted', ADDRESS),
    event('identity done', { housing: 'rent', yearsAtAddress: 3, employer: 'Acme', annualIncomeDollars: 85_000 }),
    event('identity done', { pickupAddress: ADDRESS }, seller.bearer, sellerTx),
    event(
      'title lender submitted',
      {
        lienholderId: 'harbor-cu',
        lienholderName: 'Harbor Credit Union',
        accountNumber: 'AC-4417-2210',
        contactPhone: '(800) 555-0141',
        payoff: { amountCents: 1_200_000, goodThrough: '2030-01-31', perDiemCents: 227, source: 'entered' },
        titleInSellerName: true,
      },
      seller.bearer,
      sellerTx,
    ),
    event('agent authorized', { fullName: 'Sam Seller', signature: 'Sam Seller', consent: true }, seller.bearer, sellerTx),
    event('insurance quote requested', { postalCode: '78701', dateOfBirth: '1988-04-02', accidents: 0, coverage: 'standard' }),
    event('identity address uploaded', { documentKey: 'private/x/bill.pdf', fileName: 'bill.pdf' }),
    {
      method: 'POST',
      url: '/api/uploads',
      bearer: buyer.bearer,
      body: { transactionId: buyerTx, slot: 'proof-of-address', fileName: 'bill.pdf', contentType: 'application/pdf', size: 1000 },
    },
    { method: 'POST', url: `/api/uploads/${upload.id}/parts/sign`, bearer: buyer.bearer, body: { partNumbers: [1, 2] } },
    {
      method: 'POST',
      url: `/api/uploads/${single.id}/complete`,
      bearer: buyer.bearer,
      body: { parts: [{ partNumber: 1, eTag: '"abc"' }] },
    },
    {
      method: 'GET',
      url: '/api/documents',
      bearer: buyer.bearer,
      query: { transactionId: buyerTx, pageSize: '10', after: `2026-01-01T00:00:00.000Z|${randomUUID()}` },
      dates: ['after'],
    },
    { method: 'GET', url: '/api/documents/object', bearer: buyer.bearer, query: { key: 'private/x/bill.pdf' } },
    {
      method: 'POST',
      url: '/api/dealer-applications',
      bearer: async () => (await personFor(parts.identity, 'applicant')).bearer,
      body: dealerApplication,
    },
    {
      method: 'POST',
      url: `/api/admin/dealer-applications/${applied.id}/decision`,
      bearer: admin,
      body: { decision: 'decline', reason: 'We could not find that licence with the state.' },
    },
  ];
}

describe('bad input', () => {
  it('answers 400 naming the field on every route with a body or query, never 500', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const request of await requests()) {
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
    for (const request of (await requests()).filter((candidate) => candidate.body))
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
