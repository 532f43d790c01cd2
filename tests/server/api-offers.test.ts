/**
 * Offers, links and deals through the API against real PGlite: who sees what, the lifecycle
 * along its table, exactly one deal under racing accepts, links that expire, bad input.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deals, notifications, offers } from '../../server/db/schema';
import { apiFor } from '../support/api-harness';
import { personFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(() => api.close());

const call: (typeof api)['call'] = (...args) => api.call(...args);
const person = (label: string) => personFor(parts.identity, label);

const SALE = { vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 }, amount: 6500, role: 'seller' };
const tokenOf = (shareUrl: string) => new URL(shareUrl).searchParams.get('token')!;

async function startSale(seller: { bearer: string }, overrides: object = {}) {
  const answer = await call('POST', '/api/offers', seller.bearer, { ...SALE, ...overrides });
  expect(answer.statusCode).toBe(201);
  return answer.json() as { id: string; shareUrl: string; latestOffer: { id: string; amount: number } };
}

describe('starting a sale', () => {
  it('decodes the VIN, puts the offer in "sent" and answers a link to share', async () => {
    const seller = await person('seller');
    const sale = await startSale(seller);
    expect(sale).toMatchObject({
      status: 'open',
      myRole: 'seller',
      vehicle: { modelYear: 2005, make: 'Buick', mileage: 84000 },
      actions: ['withdraw'],
    });
    expect(tokenOf(sale.shareUrl)).toMatch(/^[\w-]{43}$/); // 256 random bits
    const lists = (await call('GET', '/api/offers', seller.bearer)).json();
    expect(lists.sent.map((row: { id: string }) => row.id)).toContain(sale.id);
    expect((await call('GET', '/api/dashboard', seller.bearer)).json().offers.total).toBe(1);
  });

  it.each([
    [{ amount: -100 }, 'amount: The amount must be more than $0'],
    [{ amount: 'lots' }, 'amount: Enter the amount in whole dollars, such as 12500'],
    [{ amount: 99_000_000_000 }, 'amount: The amount cannot be more than $10,000,000'],
    [{ vehicle: { vin: '1G4AH59H46G118341', mileage: 1 } }, 'vehicle.vin: This VIN does not add up; check each character'],
    [{ vehicle: { vin: 'SHORT', mileage: 1 } }, 'vehicle.vin: A VIN has exactly 17 characters'],
    [{ vehicle: { vin: '1G4AH59H45G118341', mileage: -1 } }, 'vehicle.mileage: Mileage cannot be negative'],
  ])('refuses %j with 400 and a message', async (overrides, message) => {
    const seller = await person('seller');
    const answer = await call('POST', '/api/offers', seller.bearer, { ...SALE, ...overrides });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
  });

  it('answers 401 without a token', async () => {
    expect((await call('POST', '/api/offers', undefined, SALE)).statusCode).toBe(401);
    expect((await call('GET', '/api/offers')).statusCode).toBe(401);
  });
});

describe('a shared link', () => {
  it('shows vehicle, price and expiry but nothing about the people', async () => {
    const seller = await person('seller');
    const sale = await startSale(seller);
    const answer = await call('GET', `/api/public/offer-links/${tokenOf(sale.shareUrl)}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      status: 'open',
      yourRole: 'buyer',
      vehicle: { vin: '1G4AH59H45G118341' },
      offer: { amount: 6500, fromRole: 'seller' },
    });
    expect(answer.body).not.toContain(seller.email);
    expect(answer.body).not.toContain('@');
  });

  it('once revoked, or when unknown, answers the expired-link message', async () => {
    const seller = await person('seller');
    const sale = await startSale(seller);
    const token = tokenOf(sale.shareUrl);
    expect((await call('DELETE', `/api/offers/${sale.id}/links`, seller.bearer)).statusCode).toBe(204);
    for (const url of [`/api/public/offer-links/${token}`, `/api/public/offer-links/${'x'.repeat(43)}`]) {
      const answer = await call('GET', url);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('This link has expired or was turned off. Ask the person who shared it for a new one.');
    }
  });
});

describe('the negotiation', () => {
  it('visitor counters by link, seller accepts, both sides get one deal; the buyer attaches it after signing up', async () => {
    const seller = await person('seller');
    const buyer = await person('buyer');
    const sale = await startSale(seller);
    const token = tokenOf(sale.shareUrl);
    const counter = await call('POST', `/api/public/offer-links/${token}/actions`, undefined, {
      action: 'counter',
      email: buyer.email,
      amount: 6000,
      latestOfferId: sale.latestOffer.id,
    });
    expect(counter.json()).toEqual({ status: 'open', dealCreated: false });

    const received = (await call('GET', '/api/offers', seller.bearer)).json().received;
    const row = received.find((r: { id: string }) => r.id === sale.id);
    expect(row.latestOffer).toMatchObject({ amount: 6000, fromRole: 'buyer' });
    const mail = await api.database.db.select().from(notifications).where(eq(notifications.toEmail, buyer.email));
    expect(mail.length).toBe(0); // the buyer acted; only the seller is told

    // A double click, or two tabs: two accepts race; one deal.
    const accept = () =>
      call('POST', `/api/offers/${sale.id}/actions`, seller.bearer, { action: 'accept', latestOfferId: row.latestOffer.id });
    const [first, second] = await Promise.all([accept(), accept()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().dealId).toBe(second.json().dealId);
    const created = await api.database.db.select().from(deals).where(eq(deals.negotiationId, sale.id));
    expect(created).toHaveLength(1);
    const dealId = created[0]!.id;
    expect((await call('GET', `/api/deals/${dealId}`, seller.bearer)).json()).toMatchObject({
      price: 6000,
      myRole: 'seller',
      roles: ['seller', 'buyer'],
    });

    // The buyer signs up with that e-mail: what they did is theirs on their first call, with no link to open.
    const deal = (await call('GET', `/api/deals/${dealId}`, buyer.bearer)).json();
    expect((await call('POST', '/api/offers/link-account', buyer.bearer)).json()).toEqual({ negotiations: 0, deals: 0 });
    expect(deal).toMatchObject({ myRole: 'buyer', price: 6000 });
    expect(deal.transactionId).toBeTruthy();
    expect((await call('GET', '/api/dashboard', buyer.bearer)).json()).toEqual({
      activeTransactions: { total: 1 },
      offers: { total: 0 },
      previousTransactions: { total: 0 },
    });
    const timeline = (await call('GET', `/api/offers/${sale.id}`, buyer.bearer)).json().timeline.map((e: { event: string }) => e.event);
    expect(timeline).toEqual(['offer-made', 'countered', 'accepted', 'linked-to-account']);
  });

  it('lets only the recipient answer, and refuses a stale offer', async () => {
    const seller = await person('seller');
    const buyer = await person('buyer');
    const sale = await startSale(seller, { counterpartyEmail: buyer.email });
    await call('POST', '/api/offers/link-account', buyer.bearer);
    const own = await call('POST', `/api/offers/${sale.id}/actions`, seller.bearer, {
      action: 'accept',
      latestOfferId: sale.latestOffer.id,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You made the latest offer; only the other side can accept it.');
    const countered = await call('POST', `/api/offers/${sale.id}/actions`, buyer.bearer, {
      action: 'counter',
      amount: 6100,
      latestOfferId: sale.latestOffer.id,
    });
    expect(countered.json()).toMatchObject({ myRole: 'buyer', actions: ['withdraw'] });
    const stale = await call('POST', `/api/offers/${sale.id}/actions`, seller.bearer, {
      action: 'accept',
      latestOfferId: sale.latestOffer.id,
    });
    expect(stale.statusCode).toBe(409);
    const declined = await call('POST', `/api/offers/${sale.id}/actions`, seller.bearer, {
      action: 'decline',
      latestOfferId: countered.json().latestOffer.id,
    });
    expect(declined.json()).toMatchObject({ status: 'declined', actions: [] });
    const after = await call('POST', `/api/offers/${sale.id}/actions`, buyer.bearer, {
      action: 'counter',
      amount: 6200,
      latestOfferId: countered.json().latestOffer.id,
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('This offer was declined, so the negotiation is over.');
    const told = await api.database.db.select().from(notifications).where(eq(notifications.toEmail, buyer.email));
    expect(told.map((n) => n.subject)).toEqual(expect.arrayContaining(['An offer of $6,500 for a 2005 Buick', 'The offer was declined']));
  });

  it('several buyers answer one link; accepting one closes the others', async () => {
    const seller = await person('seller');
    const [first, second] = [await person('first'), await person('second')];
    const sale = await startSale(seller);
    const token = tokenOf(sale.shareUrl);
    for (const buyer of [first, second]) {
      const answer = await call('POST', `/api/public/offer-links/${token}/actions`, undefined, {
        action: 'counter',
        email: buyer.email,
        amount: 6200,
        latestOfferId: sale.latestOffer.id,
      });
      expect(answer.statusCode).toBe(200);
    }
    const received = (await call('GET', '/api/offers', seller.bearer)).json().received as { id: string; latestOffer: { id: string } }[];
    expect(received).toHaveLength(2);
    const [chosen, other] = received;
    await call('POST', `/api/offers/${chosen!.id}/actions`, seller.bearer, { action: 'accept', latestOfferId: chosen!.latestOffer.id });
    const closed = (await call('GET', `/api/offers/${other!.id}`, seller.bearer)).json();
    expect(closed.status).toBe('closed');
    expect(closed.timeline.at(-1)).toMatchObject({
      event: 'closed',
      payload: { reason: 'The seller accepted another offer on this vehicle.' },
    });
  });

  it("a third user gets 404 on another pair's offer and deal", async () => {
    const seller = await person('seller');
    const stranger = await person('stranger');
    const sale = await startSale(seller);
    expect((await call('GET', `/api/offers/${sale.id}`, stranger.bearer)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/offers/${sale.id}/actions`, stranger.bearer, { action: 'withdraw', latestOfferId: sale.latestOffer.id }))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/offers/${sale.id}/links`, stranger.bearer)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/offers/${sale.id}/links`, stranger.bearer)).statusCode).toBe(404);
    const buyer = await person('buyer');
    await call('POST', `/api/public/offer-links/${tokenOf(sale.shareUrl)}/actions`, undefined, {
      action: 'accept',
      email: buyer.email,
      latestOfferId: sale.latestOffer.id,
    });
    const [deal] = await api.database.db.select().from(deals).where(eq(deals.negotiationId, sale.id));
    expect((await call('GET', `/api/deals/${deal!.id}`, stranger.bearer)).statusCode).toBe(404);
  });
});

describe('expiry', () => {
  /** A seller's sale whose offer ran out a second ago. */
  async function lapsedSale() {
    const seller = await person('seller');
    const sale = await startSale(seller);
    await api.database.db
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offers.negotiationId, sale.id));
    return { seller, sale };
  }

  it('an offer left unanswered past its expiry reads as expired and can no longer be accepted', async () => {
    const { seller, sale } = await lapsedSale();
    const read = (await call('GET', `/api/offers/${sale.id}`, seller.bearer)).json();
    expect(read).toMatchObject({ status: 'expired', actions: [] });
    expect(read.timeline.at(-1).event).toBe('expired');
    const visitor = await call('POST', `/api/public/offer-links/${tokenOf(sale.shareUrl)}/actions`, undefined, {
      action: 'accept',
      email: 'late@example.com',
      latestOfferId: sale.latestOffer.id,
    });
    expect(visitor.statusCode).toBe(409);
    expect(visitor.json().message).toBe('This offer expired. Make a new offer to start again.');
  });

  it("a lapsed offer is listed as expired among the party's closed offers", async () => {
    const { seller, sale } = await lapsedSale();
    const lists = (await call('GET', '/api/offers', seller.bearer)).json();
    expect(lists.sent).toEqual([]);
    expect(lists.closed).toMatchObject([{ id: sale.id, status: 'expired' }]);
  });
});
