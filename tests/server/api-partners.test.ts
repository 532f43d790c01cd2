/**
 * The partner API (issue 22): only admins make, list and revoke partner keys; a key is shown once
 * and kept only as its hash; a key makes deals for its own source only, mails both parties, answers
 * a replay with the same deal, and opens no other route; a revoked key is refused.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { RATE_LIMITS } from '../../server/api/guards/rate-limits';
import { partnerKeys } from '../../server/db/dealer-tables';
import { deals, notifications } from '../../server/db/schema';
import { apiFor } from '../support/api-harness';
import { actAs } from '../support/deals';
import { bearerFor, personFor } from '../support/tokens';

const parts = inject('parts');
vi.setConfig({ testTimeout: 60_000 });
let api: Awaited<ReturnType<typeof apiFor>>;
let admin: string;
const log: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  api = await apiFor(parts, {}, stream);
  admin = await bearerFor(parts.identity, ['admin']);
});
afterAll(() => api.close());

async function newKey(source = 'listing-site', terms: { buyerPaysFirst?: boolean } = {}) {
  const made = await api.call('POST', '/api/admin/partner-keys', admin, { source, label: `${source} production`, ...terms });
  expect(made.statusCode).toBe(201);
  return made.json() as { id: string; key: string; source: string };
}

const partnerDeal = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: `listing-${randomUUID()}`,
  partnerUid: `L-${randomUUID().slice(0, 8)}`,
  vehicle: { vin: '1G4AH59H45G118341', mileage: 84_000 },
  sellerEmail: `seller-${randomUUID().slice(0, 8)}@example.com`,
  buyerEmail: `buyer-${randomUUID().slice(0, 8)}@example.com`,
  priceDollars: 18_500,
  ...overrides,
});

const send = (key: string, body: unknown) => api.call('POST', '/api/partner/deals', `Bearer ${key}`, body);

describe('partner keys', () => {
  it('only an admin makes, lists and revokes keys; the key is shown once and stored only as its hash', async () => {
    const customer = await personFor(parts.identity, 'customer');
    expect((await api.call('POST', '/api/admin/partner-keys', customer.bearer, { source: 'auction-site', label: 'x' })).statusCode).toBe(
      403,
    );
    expect((await api.call('GET', '/api/admin/partner-keys', customer.bearer)).statusCode).toBe(403);

    const made = await newKey('auction-site');
    expect(made.key).toMatch(/^cpk_[\w-]{43}$/);
    expect((await api.call('DELETE', `/api/admin/partner-keys/${made.id}`, customer.bearer)).statusCode).toBe(403);
    const listed = await api.call('GET', '/api/admin/partner-keys', admin);
    expect(listed.json().keys).toContainEqual({
      id: made.id,
      source: 'auction-site',
      label: 'auction-site production',
      buyerPaysFirst: false,
      createdAt: expect.any(String),
      revokedAt: null,
    });
    expect(listed.body).not.toContain(made.key);

    const badSource = await api.call('POST', '/api/admin/partner-keys', admin, { source: 'caramel', label: 'ours' });
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json().field).toBe('source');

    // A deal with the key, then: neither the table nor the log holds the key in clear.
    expect((await send(made.key, partnerDeal())).statusCode).toBe(201);
    expect((await send(`${made.key}x`, partnerDeal())).statusCode).toBe(401);
    const [row] = await api.database.db.select().from(partnerKeys).where(eq(partnerKeys.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.key);
    expect(JSON.stringify(row)).not.toContain(made.key.slice(4));
    expect(log.join('').length).toBeGreaterThan(0); // the API did log these requests
    expect(log.join('')).not.toContain(made.key.slice(4));
  });

  it('a revoked key is refused, and an unknown one', async () => {
    const { id, key } = await newKey();
    expect((await send(key, partnerDeal())).statusCode).toBe(201);
    expect((await api.call('DELETE', `/api/admin/partner-keys/${id}`, admin)).statusCode).toBe(204);
    expect((await send(key, partnerDeal())).statusCode).toBe(401);
    expect((await api.call('GET', '/api/admin/partner-keys', admin)).json().keys).toContainEqual(
      expect.objectContaining({ id, revokedAt: expect.any(String) }),
    );
    expect((await send('cpk_' + 'A'.repeat(43), partnerDeal())).statusCode).toBe(401);
    expect((await api.call('POST', '/api/partner/deals', undefined, partnerDeal())).statusCode).toBe(401);
  });
});

describe('partner deals', () => {
  it('makes the deal for the key’s source, mails both parties, and both see the partner on it', async () => {
    const { key } = await newKey('online-marketplace');
    const seller = await personFor(parts.identity, 'seller');
    const buyer = await personFor(parts.identity, 'buyer');
    const body = partnerDeal({ sellerEmail: seller.email, buyerEmail: buyer.email, partnerUid: 'OM-991' });
    const made = await send(key, body);
    expect(made.statusCode).toBe(201);
    const { dealId } = made.json();
    const [deal] = await api.database.db.select().from(deals).where(eq(deals.id, dealId));
    expect(deal).toMatchObject({ partnerUid: 'OM-991', partnerSource: 'online-marketplace', priceDollars: 18_500 });

    const mailed = await api.database.db.select().from(notifications).where(eq(notifications.kind, 'partner deal'));
    const toThisDeal = mailed.filter((row) => row.toEmail === seller.email || row.toEmail === buyer.email);
    expect(toThisDeal.map((row) => row.toEmail).sort()).toEqual([buyer.email, seller.email].sort());
    expect(toThisDeal[0]!.subject).toContain('the online marketplace');

    // Each party's verified address makes the deal theirs on their first call.
    for (const party of [seller, buyer]) {
      const seen = (await api.call('GET', `/api/deals/${dealId}`, party.bearer)).json();
      expect(seen.partner).toEqual({ uid: 'OM-991', source: 'online-marketplace', buyerPaysFirst: false });
    }
  });

  it('a replayed request answers the same deal without a new one', async () => {
    const { key } = await newKey();
    const body = partnerDeal();
    const first = await send(key, body);
    expect(first.statusCode).toBe(201);
    const again = await send(key, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().dealId).toBe(first.json().dealId);
    const made = await api.database.db.select().from(deals).where(eq(deals.partnerUid, body.partnerUid));
    expect(made).toHaveLength(1);
    // The same idempotency key under another partner's key is that partner's own deal.
    const other = await send((await newKey()).key, body);
    expect(other.statusCode).toBe(201);
    expect(other.json().dealId).not.toBe(first.json().dealId);
    // The same key with another body is a mistake, not a retry: refused, and nothing is made.
    const changed = await send(key, { ...body, priceDollars: body.priceDollars + 1 });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().message).toMatch(/Sending a deal/);
    expect(await api.database.db.select().from(deals).where(eq(deals.partnerUid, body.partnerUid))).toHaveLength(2);
  });

  it('a key for one source cannot make deals for another, nor read anything else', async () => {
    const { key } = await newKey('deal-site-a');
    const forOther = await send(key, partnerDeal({ source: 'deal-site-b' }));
    expect(forOther.statusCode).toBe(403);
    expect((await send(key, partnerDeal({ source: 'deal-site-a' }))).statusCode).toBe(201);
    for (const url of ['/api/transactions', '/api/offers', '/api/dealer/sales', '/api/admin/partner-keys', '/api/users/profile'])
      expect((await api.call('GET', url, `Bearer ${key}`)).statusCode, url).toBe(401);
  });

  it('is rate-limited per key: a spent key waits, another key does not', async () => {
    const { max } = RATE_LIMITS.partnerDealsPerKey;
    const { key } = await newKey();
    const body = partnerDeal();
    // Replays count too: they cost a key lookup each, and make the limit cheap to reach here.
    for (let i = 0; i < max; i++) expect((await send(key, body)).statusCode).toBeLessThan(300);
    const refused = await send(key, body);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send((await newKey()).key, body)).statusCode).toBe(201);
  });

  it('a bad body is a 400 naming the field', async () => {
    const { key } = await newKey();
    const cases: [Record<string, unknown>, string][] = [
      [{ vehicle: { vin: '1G4AH59H45G118342', mileage: 84_000 } }, 'vehicle.vin'],
      [{ vehicle: { modelYear: 2015, make: 'Buick', model: 'LaCrosse', mileage: 84_000 } }, 'vehicle.vin'],
      [{ buyerEmail: 'not-an-address' }, 'buyerEmail'],
      [{ priceDollars: 18_500.5 }, 'priceDollars'],
      [{ partnerUid: undefined }, 'partnerUid'],
      [{ idempotencyKey: undefined }, 'idempotencyKey'],
      [{ source: 'somewhere' }, 'source'],
    ];
    for (const [overrides, field] of cases) {
      const refused = await send(key, partnerDeal(overrides));
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().field).toBe(field);
    }
  });
});

describe('partner terms', () => {
  /** A deal sent with a key of these terms, both parties signed in and linked to it: each side's transaction as its party reads it. */
  async function linkedDeal(terms: { buyerPaysFirst?: boolean }) {
    const { key } = await newKey('listing-site-marketplace', terms);
    const seller = await personFor(parts.identity, 'seller');
    const buyer = await personFor(parts.identity, 'buyer');
    const made = await send(key, partnerDeal({ sellerEmail: seller.email, buyerEmail: buyer.email }));
    expect(made.statusCode).toBe(201);
    const sides = [];
    for (const party of [seller, buyer]) {
      await api.call('GET', '/api/users/profile', party.bearer);
      await api.call('POST', '/api/offers/link-account', party.bearer);
      const deal = (await api.call('GET', `/api/deals/${made.json().dealId}`, party.bearer)).json();
      sides.push({ party, deal, transaction: (await api.call('GET', `/api/transactions/${deal.transactionId}`, party.bearer)).json() });
    }
    return { answer: made.json(), seller: sides[0]!, buyer: sides[1]! };
  }

  it('a key whose terms have the buyer pay first starts the buyer in payment-first, at the price breakdown, and says so', async () => {
    const made = await api.call('POST', '/api/admin/partner-keys', admin, { source: 'auction-site', label: 'x', buyerPaysFirst: 'yes' });
    expect(made.statusCode).toBe(400);
    expect(made.json().field).toBe('buyerPaysFirst');

    const { answer, seller, buyer } = await linkedDeal({ buyerPaysFirst: true });
    expect(answer.buyerPaysFirst).toBe(true);
    expect(buyer.transaction).toMatchObject({ flow: 'payment-first', status: 'transport_done' });
    expect(seller.transaction).toMatchObject({ flow: 'title-report', status: 'identity_started' });
    for (const side of [seller, buyer]) expect(side.deal.partner.buyerPaysFirst).toBe(true);
    const buyerMail = await api.database.db.select().from(notifications).where(eq(notifications.toEmail, buyer.party.email));
    expect(buyerMail[0]!.body).toContain('you pay first, then sign');

    // The breakdown is there at once: the agreed price and the fees, no financing in it — but its
    // sales tax waits for where the car is registered, so it is not accepted before that is given.
    const breakdown = buyer.transaction.priceBreakdown;
    expect(breakdown.dueAtSigningCents).toBeGreaterThanOrEqual(1_850_000);
    const untaxed = await actAs(api, buyer.party, buyer.transaction.id, 'price breakdown acknowledge');
    expect(untaxed.statusCode).toBe(422);
    expect(untaxed.json().message).toMatch(/the address the car will be registered at/);
    const { uid } = (await api.call('GET', '/api/users/profile', buyer.party.bearer)).json();
    const registered = await api.call('POST', `/api/users/${uid}/profile/${randomUUID()}`, buyer.party.bearer, {
      legalFirstName: 'Robin',
      legalLastName: 'Okafor',
      dateOfBirth: '1990-03-14',
      address: { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
    });
    expect(registered.statusCode).toBe(200);
    const taxed = (await api.call('GET', `/api/transactions/${buyer.transaction.id}`, buyer.party.bearer)).json().priceBreakdown;
    const tax = taxed.lines.find((line: { id: string }) => line.id === 'sales tax');
    expect(tax).toMatchObject({ label: 'Sales tax, TX (estimate)', cents: 115_625 }); // 6.25% of $18,500
    expect(taxed.dueAtSigningCents).toBe(breakdown.dueAtSigningCents + 115_625);
    const acknowledged = await actAs(api, buyer.party, buyer.transaction.id, 'price breakdown acknowledge');
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().transaction.status).toBe('payment_start');
  });

  it('a key without those terms makes a normal deal: the buyer in the financed-buyer flow from identity', async () => {
    const { answer, seller, buyer } = await linkedDeal({});
    expect(answer.buyerPaysFirst).toBe(false);
    expect(buyer.transaction).toMatchObject({ flow: 'financed-buyer', status: 'identity_started' });
    expect(seller.transaction).toMatchObject({ flow: 'title-report', status: 'identity_started' });
    expect(buyer.deal.partner.buyerPaysFirst).toBe(false);
    expect((await actAs(api, buyer.party, buyer.transaction.id, 'price breakdown acknowledge')).statusCode).toBe(422);
  });
});
