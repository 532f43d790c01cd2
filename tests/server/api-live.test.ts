/**
 * The live stream (GET /api/live, DESIGN.md §11) against the real API and database: a party's
 * open stream hears of the other party's move, and of an offer answered, as notices that carry
 * only kind, id and version; a stream that reconnects with the last id it had is sent what it
 * missed, and one whose id the feed no longer knows is told to refresh everything.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiFor } from '../support/api-harness';
import { actAs, dealBetween, offerBetween, verifiedInquiry } from '../support/deals';
import { noticeOf, openLiveStream, type OpenStream } from '../support/live-stream';
import { buyerAtTransport, deliveryBooked } from '../support/payments';
import { personFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;
let base: string;
const streams: OpenStream[] = [];

beforeAll(async () => {
  api = await apiFor(parts);
  base = await api.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => streams.splice(0).forEach((stream) => stream.close()));
afterAll(() => api.close());

const open = async (bearer: string, lastEventId?: string) => {
  const stream = await openLiveStream(base, bearer, lastEventId);
  streams.push(stream);
  return stream;
};
const ready = (stream: OpenStream) => stream.next((event) => event.event === 'ready');

describe('the live stream', () => {
  it('is for signed-in users only, and refuses a Last-Event-ID it never sent', async () => {
    expect((await open('')).status).toBe(401);
    const bad = await open((await personFor(parts.identity, 'someone')).bearer, 'abc');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text()).field).toBe('last-event-id');
  });

  it('tells the seller’s open stream that the buyer moved: the deal, with nothing personal in it', async () => {
    const { seller, buyer, buyerTx } = await dealBetween(api, parts.identity);
    const sellerStream = await open(seller.bearer);
    await ready(sellerStream);
    const deal = (await api.call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json().dealId as string;
    const before = (await api.call('GET', `/api/deals/${deal}`, seller.bearer)).json().version as number;
    await actAs(api, buyer, buyerTx, 'identity submitted', { inquiryId: await verifiedInquiry(parts.sandbox.url, buyerTx, 'approved') });

    // The buyer's identity submitted and approved: two versions more.
    const change = await sellerStream.next((event) => event.event === 'change' && noticeOf(event).kind === 'deal');
    expect(noticeOf(change)).toEqual({ kind: 'deal', id: deal, version: before + 2 });
    expect(Object.keys(JSON.parse(change.data)).sort()).toEqual(['id', 'kind', 'version']);
    // The buyer's own transaction is not the seller's to hear about, and no address or name travels.
    expect(sellerStream.text()).not.toContain(buyerTx);
    expect(sellerStream.text()).not.toMatch(/@example\.com/);
    // What the seller then reads says where the buyer stands, in words.
    const view = (await api.call('GET', `/api/deals/${deal}`, seller.bearer)).json();
    expect(view.version).toBe(before + 2);
    expect(view.otherParty).toMatchObject({ role: 'buyer', progress: 'Your buyer is verifying their identity.' });
  });

  it('tells both sides’ streams of a counteroffer, and the buyer’s own stream of their transaction', async () => {
    const { seller, buyer, buyerTx } = await dealBetween(api, parts.identity);
    const buyerStream = await open(buyer.bearer);
    await ready(buyerStream);
    await actAs(api, buyer, buyerTx, 'identity submitted', { inquiryId: await verifiedInquiry(parts.sandbox.url, buyerTx, 'approved') });
    const own = await buyerStream.next((event) => event.event === 'change' && noticeOf(event).kind === 'transaction');
    expect(noticeOf(own)).toEqual({ kind: 'transaction', id: buyerTx, version: 2 });

    const sale = await offerBetween(api, seller, buyer, 21_000);
    const sellerStream = await open(seller.bearer);
    await ready(sellerStream);
    await api.call('POST', `/api/offers/${sale.id}/actions`, buyer.bearer, {
      action: 'counter',
      amount: 20_500,
      latestOfferId: sale.latestOffer.id,
      idempotencyKey: randomUUID(),
    });
    const answered = await sellerStream.next((event) => event.event === 'change' && noticeOf(event).id === sale.id);
    // The notice carries the server's version of the offer, as its read answers it (not a time the app compares with its clock).
    const now = (await api.call('GET', `/api/offers/${sale.id}`, seller.bearer)).json();
    expect(noticeOf(answered)).toEqual({ kind: 'negotiation', id: sale.id, version: now.version });
    expect(now.version).toBeGreaterThan((sale as unknown as { version: number }).version);
    // The seller was told in a notification too, which their stream announces.
    await sellerStream.next((event) => event.event === 'change' && noticeOf(event).kind === 'notification');
  });

  it('sends a stream that comes back with its last id what it missed, then ready', async () => {
    const { seller, buyer, buyerTx } = await dealBetween(api, parts.identity);
    const deal = (await api.call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json().dealId as string;
    const before = (await api.call('GET', `/api/deals/${deal}`, seller.bearer)).json().version as number;
    const first = await open(seller.bearer);
    const lastId = (await ready(first)).id!;
    first.close();
    await actAs(api, buyer, buyerTx, 'identity submitted', { inquiryId: await verifiedInquiry(parts.sandbox.url, buyerTx, 'approved') });

    const again = await open(seller.bearer, lastId);
    const back = await ready(again);
    const missed = again.events.filter((event) => event.event === 'change').map(noticeOf);
    expect(missed).toContainEqual({ kind: 'deal', id: deal, version: before + 2 });
    expect(Number(back.id)).toBeGreaterThan(Number(lastId));
    expect(again.events.indexOf(back)).toBeGreaterThan(again.events.findIndex((event) => event.event === 'change'));
  });

  it('tells a stream whose last id is not in the feed to refresh everything', async () => {
    const { seller } = await dealBetween(api, parts.identity);
    const stream = await open(seller.bearer, '999999999');
    await stream.next((event) => event.event === 'reset');
    await ready(stream);
  });

  it('says, once the buyer has booked a delivery, that they chose it and the day the car is picked up', async () => {
    const { seller, buyer, buyerTx, sellerTx } = await dealBetween(api, parts.identity);
    // The car is picked up where the seller says it is.
    const home = { line1: '12 Elm St', city: 'Salem', state: 'OR', postalCode: '97301' };
    await actAs(api, seller, sellerTx, 'identity submitted', { inquiryId: await verifiedInquiry(parts.sandbox.url, sellerTx, 'approved') });
    await actAs(api, seller, sellerTx, 'address submitted', home);
    await actAs(api, seller, sellerTx, 'identity done', { pickupAddress: home });
    await buyerAtTransport(api, parts.sandbox.url, buyer, buyerTx);
    const quote = await deliveryBooked(api, buyer, buyerTx);
    const dealId = (await api.call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json().dealId as string;
    const day = new Date(quote.pickupWindow.from).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
    const view = (await api.call('GET', `/api/deals/${dealId}`, seller.bearer)).json();
    expect(view.otherParty.progress).toBe(`Your buyer has chosen delivery — the car is picked up on ${day}.`);
  });
});
