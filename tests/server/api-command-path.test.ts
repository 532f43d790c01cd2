/**
 * The one command path (DESIGN §13), for each kind of command: what a party sees changing raises
 * their version and tells their open tabs — money and transport included, which once raised
 * nothing; a key sent again with another request is refused with 422 whoever sends it; and a
 * failure after the events are appended leaves nothing behind — no event, no notice, no
 * notification or mail, no request to a provider — so the same request succeeds when sent again.
 */
import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { idempotencyKeys, outbox } from '../../server/db/command-tables';
import { providerRequests } from '../../server/db/provider-tables';
import { liveChanges, notifications, transactionEvents } from '../../server/db/schema';
import { signWebhook } from '../../server/providers/webhooks';
import { listeningApi } from '../support/api-harness';
import { dealersOf, financedSale } from '../support/dealers';
import { dealBetween, offerBetween } from '../support/deals';
import { openLiveStream, noticeOf, type OpenStream } from '../support/live-stream';
import { dealAtPayment, ledgerOf, stepsFor } from '../support/payments';
import { bearerFor, personFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof listeningApi>>;
/** Set by a test: every command fails at its last moment, its events appended and its effects written, just before the commit. */
let failing = false;

beforeAll(async () => {
  api = await listeningApi(parts, undefined, {
    beforeCommit: async () => {
      if (failing) throw new Error('injected: the process died just before the commit');
    },
  });
});
afterAll(() => api.close());

const act = (...args: Parameters<ReturnType<typeof stepsFor>['act']>) => stepsFor(api).act(...args);
const detail = (...args: Parameters<ReturnType<typeof stepsFor>['detail']>) => stepsFor(api).detail(...args);
const { newDealer, decided } = dealersOf(() => api, parts.identity);
const streamOf = async (who: { bearer: string }) => {
  const stream = await openLiveStream(api.url, who.bearer);
  await stream.next((event) => event.event === 'ready');
  return stream;
};
/** The next notice `stream` hears about `id` at a version above `above`. */
const heard = (stream: OpenStream, id: string, above: number) =>
  stream.next((event) => event.event === 'change' && noticeOf(event).id === id && noticeOf(event).version > above);

describe('what a party sees changing raises their version, and their open tabs hear it', () => {
  it('money: the buyer’s payment asked and then settled by the bank tells the seller each time, though the seller did nothing', async () => {
    const deal = await dealAtPayment(api, parts);
    const dealId = (await detail(deal.buyer, deal.buyerTx)).dealId as string;
    const before = await detail(deal.seller, deal.sellerTx);
    const stream = await streamOf(deal.seller);
    await act(deal.buyer, deal.buyerTx, 'bank linked', {
      accountId: deal.buyerAccount.id,
      authorizedCents: deal.breakdown.dueAtSigningCents,
    });
    // The bank settles the payment by webhook a moment later.
    await vi.waitFor(async () => expect((await ledgerOf(api, dealId)).transfers.map((transfer) => transfer.status)).toContain('settled'), {
      timeout: 10_000,
      interval: 100,
    });
    const after = await detail(deal.seller, deal.sellerTx);
    expect(after.status).toBe(before.status);
    // Each raised the seller's version by one event of its own (the car's transport may have moved meanwhile too).
    const moved = after.timeline.filter((entry: { event: string; version: number }) => entry.version > before.version);
    expect(moved.filter((entry: { event: string }) => entry.event === 'money moved')).toHaveLength(2);
    expect(moved.every((entry: { event: string }) => ['money moved', 'shipment updated'].includes(entry.event))).toBe(true);
    await stream.next(
      (event) => event.event === 'change' && noticeOf(event).id === deal.sellerTx && noticeOf(event).version === after.version,
    );
    stream.close();
  });

  it('a cancellation: both sides’ versions rise, and the other side hears', async () => {
    const { buyer, seller, buyerTx, sellerTx } = await dealBetween(api, parts.identity);
    const before = await detail(seller, sellerTx);
    const stream = await streamOf(seller);
    const cancelled = await api.call('POST', `/api/transactions/${buyerTx}/cancel`, buyer.bearer, {
      expectedFeeCents: 0,
      idempotencyKey: randomUUID(),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(noticeOf(await heard(stream, sellerTx, before.version)).version).toBe((await detail(seller, sellerTx)).version);
    stream.close();
  });

  it('a dealer’s move: the dealer’s sale moves and the dealer’s other tabs hear it', async () => {
    const dealer = await newDealer(await bearerFor(parts.identity, ['admin']));
    const submitted = (await api.call('POST', '/api/dealer/sales', dealer.bearer, financedSale('123450009'))).json();
    const sale = await decided(dealer, submitted.id);
    const stream = await streamOf(dealer);
    const before = await detail(dealer, sale.transactionId);
    const moved = await api.call('POST', `/api/dealer/sales/${sale.id}/structure`, dealer.bearer, {
      idempotencyKey: randomUUID(),
      termMonths: 60,
      downPaymentDollars: 2_000,
      products: [],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(noticeOf(await heard(stream, sale.transactionId, before.version)).version).toBe(before.version + 2);
    stream.close();
  });

  it('a partner’s deal: a party with an account hears it the moment it is made', async () => {
    const admin = await bearerFor(parts.identity, ['admin']);
    const { key } = (await api.call('POST', '/api/admin/partner-keys', admin, { source: 'auction-site', label: 'auctions' })).json();
    const buyer = await personFor(parts.identity, 'partner-buyer');
    const stream = await streamOf(buyer);
    const made = await api.call('POST', '/api/partner/deals', `Bearer ${key}`, {
      idempotencyKey: randomUUID(),
      partnerUid: 'AU-1',
      vehicle: { vin: '1G4AH59H45G118341', mileage: 84_000 },
      sellerEmail: `seller-${randomUUID()}@example.com`,
      buyerEmail: buyer.email,
      priceDollars: 18_500,
    });
    expect(made.statusCode, made.body).toBe(201);
    await stream.next((event) => event.event === 'change' && noticeOf(event).kind === 'deal' && noticeOf(event).id === made.json().dealId);
    stream.close();
  });
});

describe('an idempotency key sent again with another request is refused, whoever sends it', () => {
  const refused = (answer: { statusCode: number; json(): { message: string } }) => {
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toMatch(/idempotency key was already used for another action/);
  };

  it('an offer, its answer, the vehicle confirmed and a link shared', async () => {
    const { seller, buyer } = await dealBetween(api, parts.identity);
    const key = randomUUID();
    const offer = {
      vehicle: { vin: '1G4AH59H45G118341', mileage: 84_000 },
      amount: 20_000,
      role: 'seller',
      counterpartyEmail: buyer.email,
    };
    expect((await api.call('POST', '/api/offers', seller.bearer, { ...offer, idempotencyKey: key })).statusCode).toBe(201);
    refused(await api.call('POST', '/api/offers', seller.bearer, { ...offer, amount: 21_000, idempotencyKey: key }));

    const sale = await offerBetween(api, seller, buyer, 19_000);
    const counter = { action: 'counter', latestOfferId: sale.latestOffer.id, idempotencyKey: randomUUID() };
    expect((await api.call('POST', `/api/offers/${sale.id}/actions`, buyer.bearer, { ...counter, amount: 18_000 })).statusCode).toBe(200);
    refused(await api.call('POST', `/api/offers/${sale.id}/actions`, buyer.bearer, { ...counter, amount: 17_000 }));

    const link = randomUUID();
    expect((await api.call('POST', `/api/offers/${sale.id}/links`, seller.bearer, { idempotencyKey: link })).statusCode).toBe(201);
    const other = await offerBetween(api, seller, buyer, 19_500);
    refused(await api.call('POST', `/api/offers/${other.id}/links`, seller.bearer, { idempotencyKey: link }));
  });

  it('a cancellation', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const key = randomUUID();
    const first = await api.call('POST', `/api/transactions/${buyerTx}/cancel`, buyer.bearer, { expectedFeeCents: 0, idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(200);
    refused(
      await api.call('POST', `/api/transactions/${buyerTx}/cancel`, buyer.bearer, {
        expectedFeeCents: 0,
        reason: 'Changed my mind',
        idempotencyKey: key,
      }),
    );
  });

  it('a dealer’s sale and its structure', async () => {
    const dealer = await newDealer(await bearerFor(parts.identity, ['admin']));
    const sale = financedSale('123450009');
    expect((await api.call('POST', '/api/dealer/sales', dealer.bearer, sale)).statusCode).toBe(201);
    refused(await api.call('POST', '/api/dealer/sales', dealer.bearer, { ...sale, priceDollars: 19_000 }));
    const submitted = (await api.call('GET', '/api/dealer/sales', dealer.bearer)).json().sales[0];
    await decided(dealer, submitted.id);
    const structure = { idempotencyKey: randomUUID(), termMonths: 60, downPaymentDollars: 2_000, products: [] };
    expect((await api.call('POST', `/api/dealer/sales/${submitted.id}/structure`, dealer.bearer, structure)).statusCode).toBe(200);
    refused(await api.call('POST', `/api/dealer/sales/${submitted.id}/structure`, dealer.bearer, { ...structure, termMonths: 48 }));
  });

  it('a partner’s deal', async () => {
    const admin = await bearerFor(parts.identity, ['admin']);
    const { key } = (await api.call('POST', '/api/admin/partner-keys', admin, { source: 'auction-site', label: 'auctions' })).json();
    const deal = {
      idempotencyKey: randomUUID(),
      partnerUid: 'AU-2',
      vehicle: { vin: '1G4AH59H45G118341', mileage: 84_000 },
      sellerEmail: `seller-${randomUUID()}@example.com`,
      buyerEmail: `buyer-${randomUUID()}@example.com`,
      priceDollars: 18_500,
    };
    expect((await api.call('POST', '/api/partner/deals', `Bearer ${key}`, deal)).statusCode).toBe(201);
    expect((await api.call('POST', '/api/partner/deals', `Bearer ${key}`, deal)).json()).toMatchObject({ replayed: true });
    refused(await api.call('POST', '/api/partner/deals', `Bearer ${key}`, { ...deal, priceDollars: 1_000 }));
  });

  it('a provider’s webhook delivery id', async () => {
    const send = (id: string, body: string) =>
      fetch(`${api.url}/api/webhooks/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signWebhook(parts.sandbox.webhookSecrets.payments, id, body) },
        body,
      });
    const id = `msg_${randomUUID()}`;
    const event = (reference: string) =>
      JSON.stringify({ type: 'transfer.settled', timestamp: new Date().toISOString(), data: { reference } });
    expect((await send(id, event(randomUUID()))).status).toBe(200);
    expect(await (await send(id, event(randomUUID()))).json()).toMatchObject({ message: expect.stringMatching(/already used/) });
  });
});

describe('a failure after the events are appended leaves nothing behind', () => {
  /** What a command can leave behind, counted. */
  async function traces() {
    const db = api.database.db;
    const counted = async (table: Parameters<ReturnType<typeof db.select>['from']>[0]) =>
      (await db.select({ n: count() }).from(table))[0]!.n;
    return {
      events: await counted(transactionEvents),
      notices: await counted(liveChanges),
      notifications: await counted(notifications),
      outbox: await counted(outbox),
      requests: await counted(providerRequests),
      keys: await counted(idempotencyKeys),
    };
  }
  /** Waits until the sandboxes have answered everything asked so far (nothing still arriving). */
  const quiet = () =>
    vi.waitFor(
      async () => {
        const first = await traces();
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(await traces()).toEqual(first);
      },
      { timeout: 20_000, interval: 50 },
    );

  async function failsThenWorks(send: () => Promise<{ statusCode: number; body: string }>) {
    await quiet();
    const before = await traces();
    failing = true;
    try {
      expect((await send()).statusCode).toBe(500);
    } finally {
      failing = false;
    }
    expect(await traces()).toEqual(before);
    const again = await send();
    expect(again.statusCode, again.body).toBeLessThan(300);
    return { before, after: await traces() };
  }

  it('a step event that pays: no event, no transfer asked, no notice or mail; sent again, it applies once', async () => {
    const deal = await dealAtPayment(api, parts);
    const request = {
      event: 'bank linked',
      payload: { accountId: deal.buyerAccount.id, authorizedCents: deal.breakdown.dueAtSigningCents },
      idempotencyKey: randomUUID(),
      expectedVersion: (await detail(deal.buyer, deal.buyerTx)).version,
    };
    const { before, after } = await failsThenWorks(() =>
      api.call('POST', `/api/transactions/${deal.buyerTx}/events`, deal.buyer.bearer, request),
    );
    expect(after.events).toBeGreaterThan(before.events);
    expect(after.requests).toBeGreaterThan(before.requests);
    expect(after.notices).toBeGreaterThan(before.notices);
  });

  it('a cancellation: the vendor is not called off, the other side not told', async () => {
    const deal = await dealAtPayment(api, parts);
    const { before, after } = await failsThenWorks(() =>
      api.call('POST', `/api/transactions/${deal.buyerTx}/cancel`, deal.buyer.bearer, {
        expectedFeeCents: 0,
        idempotencyKey: randomUUID(),
      }),
    );
    expect(after.notifications).toBeGreaterThan(before.notifications);
    expect(after.requests).toBeGreaterThan(before.requests);
  });

  it('an offer answer, a dealer’s sale and a partner’s deal: no notice, no mail, no request to the lender', async () => {
    const { seller, buyer } = await dealBetween(api, parts.identity);
    const sale = await offerBetween(api, seller, buyer, 19_000);
    const counter = { action: 'counter', amount: 18_000, latestOfferId: sale.latestOffer.id, idempotencyKey: randomUUID() };
    const answered = await failsThenWorks(() => api.call('POST', `/api/offers/${sale.id}/actions`, buyer.bearer, counter));
    expect(answered.after.notifications).toBeGreaterThan(answered.before.notifications);

    const dealer = await newDealer(await bearerFor(parts.identity, ['admin']));
    const submitted = await failsThenWorks(() => api.call('POST', '/api/dealer/sales', dealer.bearer, financedSale('123450009')));
    expect(submitted.after.requests).toBeGreaterThan(submitted.before.requests);

    const admin = await bearerFor(parts.identity, ['admin']);
    const { key } = (await api.call('POST', '/api/admin/partner-keys', admin, { source: 'auction-site', label: 'auctions' })).json();
    const deal = {
      idempotencyKey: randomUUID(),
      partnerUid: 'AU-3',
      vehicle: { vin: '1G4AH59H45G118341', mileage: 84_000 },
      sellerEmail: `seller-${randomUUID()}@example.com`,
      buyerEmail: `buyer-${randomUUID()}@example.com`,
      priceDollars: 18_500,
    };
    const partnered = await failsThenWorks(() => api.call('POST', '/api/partner/deals', `Bearer ${key}`, deal));
    expect(partnered.after.outbox).toBeGreaterThan(partnered.before.outbox);
  });

  it('a provider’s result: the bank’s answer is not taken, and the bank’s retry of it is', async () => {
    const deal = await dealAtPayment(api, parts);
    const dealId = (await detail(deal.buyer, deal.buyerTx)).dealId as string;
    await act(deal.buyer, deal.buyerTx, 'bank linked', {
      accountId: deal.buyerAccount.id,
      authorizedCents: deal.breakdown.dueAtSigningCents,
    });
    const seller = (await detail(deal.seller, deal.sellerTx)).version;
    failing = true;
    // The bank settles the payment by webhook 150 ms after it is asked; its delivery fails, and is sent again a second later.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const during = (await ledgerOf(api, dealId)).transfers;
    failing = false;
    expect(during.filter((transfer) => transfer.status === 'settled')).toEqual([]);
    expect((await detail(deal.seller, deal.sellerTx)).version).toBe(seller);
    await vi.waitFor(
      async () => expect((await ledgerOf(api, dealId)).transfers.filter((transfer) => transfer.status === 'settled')).not.toEqual([]),
      { timeout: 10_000, interval: 100 },
    );
  });
});
