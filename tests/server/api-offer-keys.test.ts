/**
 * Offer actions carry an idempotency key made when the user acted (the app's outbox resends it
 * after a lost answer): a repeat answers the same result and changes nothing, a key sent for
 * another action is refused, and two different actions on one offer leave exactly one applied.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { negotiationEvents, notifications, offerLinks, offers } from '../../server/db/schema';
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

async function pairWithOffer() {
  const seller = await person('seller');
  const buyer = await person('buyer');
  const sale = (await call('POST', '/api/offers', seller.bearer, { ...SALE, counterpartyEmail: buyer.email })).json();
  await call('POST', '/api/offers/link-account', buyer.bearer);
  return { seller, buyer, sale: sale as { id: string; latestOffer: { id: string } } };
}

describe('offer idempotency keys', () => {
  it('a repeated start answers the same negotiation and makes nothing new', async () => {
    const seller = await person('seller');
    const idempotencyKey = randomUUID();
    const first = await call('POST', '/api/offers', seller.bearer, { ...SALE, idempotencyKey });
    const again = await call('POST', '/api/offers', seller.bearer, { ...SALE, idempotencyKey });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, replayed: true, shareUrl: null });
    const lists = (await call('GET', '/api/offers', seller.bearer)).json();
    expect(lists.sent).toHaveLength(1);
  });

  it('a repeated counter is applied once: one offer, one event, one mail', async () => {
    const { buyer, sale } = await pairWithOffer();
    const body = { action: 'counter', amount: 6100, latestOfferId: sale.latestOffer.id, idempotencyKey: randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/offers/${sale.id}/actions`, buyer.bearer, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().latestOffer.id)).size).toBe(1);
    expect(await api.database.db.select().from(offers).where(eq(offers.negotiationId, sale.id))).toHaveLength(2);
    const events = await api.database.db.select().from(negotiationEvents).where(eq(negotiationEvents.negotiationId, sale.id));
    expect(events.filter((event) => event.event === 'countered')).toHaveLength(1);
    const mail = await api.database.db.select().from(notifications).where(eq(notifications.negotiationId, sale.id));
    expect(mail.filter((message) => message.subject.startsWith('A counteroffer'))).toHaveLength(1);
  });

  it('refuses a key already used for another action with 422 and changes nothing', async () => {
    const { buyer, sale } = await pairWithOffer();
    const idempotencyKey = randomUUID();
    const counter = { action: 'counter', amount: 6100, latestOfferId: sale.latestOffer.id, idempotencyKey };
    expect((await call('POST', `/api/offers/${sale.id}/actions`, buyer.bearer, counter)).statusCode).toBe(200);
    const reused = await call('POST', `/api/offers/${sale.id}/links`, buyer.bearer, { idempotencyKey });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toMatch(/already used for another action/);
    expect(await api.database.db.select().from(offerLinks).where(eq(offerLinks.negotiationId, sale.id))).toHaveLength(1);
  });

  it('two different answers to one offer race: one is applied, the other is told the offer changed (409)', async () => {
    const { buyer, sale } = await pairWithOffer();
    const answers = await Promise.all(
      [6000, 6200].map((amount) =>
        call('POST', `/api/offers/${sale.id}/actions`, buyer.bearer, {
          action: 'counter',
          amount,
          latestOfferId: sale.latestOffer.id,
          idempotencyKey: randomUUID(),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await api.database.db.select().from(offers).where(eq(offers.negotiationId, sale.id))).toHaveLength(2);
  });

  it('a repeated share answers without a second link; a repeated turn-off is harmless', async () => {
    const { seller, sale } = await pairWithOffer();
    const idempotencyKey = randomUUID();
    const first = await call('POST', `/api/offers/${sale.id}/links`, seller.bearer, { idempotencyKey });
    const again = await call('POST', `/api/offers/${sale.id}/links`, seller.bearer, { idempotencyKey });
    expect(first.json().shareUrl).toMatch(/\/deals\?token=/);
    expect(again.json()).toEqual({ shareUrl: null, replayed: true });
    expect(await api.database.db.select().from(offerLinks).where(eq(offerLinks.negotiationId, sale.id))).toHaveLength(2);
    const off = { idempotencyKey: randomUUID() };
    expect((await call('DELETE', `/api/offers/${sale.id}/links`, seller.bearer, off)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/offers/${sale.id}/links`, seller.bearer, off)).statusCode).toBe(204);
  });
});
