/**
 * A handover in every flow (issue 41) against the real API and sandboxes, with the 48-hour clock
 * the product ships with. A partner's deal whose buyer pays first books no transport, so the
 * parties arrange the handover here: one proposes who brings the car where and when, the other
 * agrees; the buyer's "I have the car" (or both parties' handover records) starts the clock; the
 * seller's second payout moves when the buyer confirms — not before — and only then does the sale
 * close. What does not fit is refused with the field or the reason.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { HANDOVER_SLOTS } from '../../src/domain/handover';
import { listeningApi } from '../support/api-harness';
import { actAs, uploadedDocument } from '../support/deals';
import { partnerDealSigned } from '../support/partner-deals';
import { dealAtPayment, stepsFor } from '../support/payments';
import { bearerFor, personFor } from '../support/tokens';

const parts = inject('parts');
vi.setConfig({ testTimeout: 180_000 });
let api: Awaited<ReturnType<typeof listeningApi>>;
let admin: string;

beforeAll(async () => {
  api = await listeningApi(parts, undefined, {}, { DELIVERY_CONFIRMATION_HOURS: '48' });
  admin = await bearerFor(parts.identity, ['admin']);
});
afterAll(() => api.close());

type Who = { bearer: string };
const detail = async (who: Who, id: string) => (await api.call('GET', `/api/transactions/${id}`, who.bearer)).json();
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const PLACE = { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' };
const propose = (who: Who, id: string, plan: object = {}) =>
  api.call('POST', `/api/transactions/${id}/handover/plan`, who.bearer, {
    method: 'pickup',
    place: PLACE,
    day: inAWeek(),
    time: '14:30',
    idempotencyKey: randomUUID(),
    ...plan,
  });
const agree = (who: Who, id: string, idempotencyKey = randomUUID()) =>
  api.call('POST', `/api/transactions/${id}/handover/plan/agree`, who.bearer, { idempotencyKey });
const payout = async (who: Who, id: string, part: 'first' | 'second') =>
  (await detail(who, id)).money.items.find((item: { label: string }) => item.label.startsWith(`Your ${part} payout`));

describe('a partner deal whose buyer pays first', () => {
  it('is handed over as the parties arranged it, checked for 48 hours, confirmed: the seller’s second payout moves then, and the sale closes', async () => {
    const deal = await partnerDealSigned(api, parts, admin);
    const { buyer, seller, buyerTx, sellerTx } = deal;
    // Signed, nothing arranged: each is asked to arrange it; nothing is closed, the second half waits.
    for (const [who, id] of [
      [buyer, buyerTx],
      [seller, sellerTx],
    ] as const) {
      const seen = await detail(who, id);
      expect(seen.sale).toMatchObject({ stage: 'waiting for handover', closedAt: null });
      expect(seen.handover).toMatchObject({ partiesArrange: true, canPropose: true, canAgree: false });
    }
    expect((await detail(buyer, buyerTx)).next).toMatchObject({ who: 'you', action: { label: 'Arrange the handover' } });
    await stepsFor(api).act(seller, sellerTx, 'inspection skipped');
    expect((await detail(seller, sellerTx)).next).toMatchObject({ who: 'you', action: { label: 'Arrange the handover' } });

    // The seller proposes a pickup at their place; the buyer is asked to agree, and does.
    const proposed = await propose(seller, sellerTx);
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect(proposed.json().transaction.next).toMatchObject({
      who: 'buyer',
      text: expect.stringMatching(/^Waiting for the buyer to agree to a pickup at 500 Congress Ave/),
    });
    expect((await agree(seller, sellerTx)).statusCode).toBe(409);
    const asked = await detail(buyer, buyerTx);
    expect(asked.handover.canAgree).toBe(true);
    expect(asked.shipment.appointment).toMatchObject({
      method: 'pickup',
      place: PLACE,
      time: '14:30',
      proposedBy: 'seller',
      agreedAt: null,
    });
    expect(asked.next).toMatchObject({ who: 'you', action: { label: 'Answer the proposal' } });
    const key = randomUUID();
    expect((await agree(buyer, buyerTx, key)).statusCode).toBe(201);
    expect((await agree(buyer, buyerTx, key)).statusCode).toBe(200);
    expect((await detail(buyer, buyerTx)).next.text).toMatch(
      /^Collect the car at 500 Congress Ave, Austin, TX 78701 on .* at 2:30 PM, then say you have it\.$/,
    );
    expect((await detail(seller, sellerTx)).next.text).toMatch(/^Hand the car to the buyer at 500 Congress Ave/);
    expect((await payout(seller, sellerTx, 'second'))?.state).toBe('scheduled');

    // The buyer has the car: the clock starts, the money still waits.
    const received = await actAs(api, buyer, buyerTx, 'vehicle received');
    expect(received.statusCode, received.body).toBe(200);
    const checking = await detail(buyer, buyerTx);
    expect(checking.sale.stage).toBe('clock running');
    expect(Date.parse(checking.sale.releasesAt) - Date.parse(checking.delivery.handedOverAt)).toBe(48 * 3_600_000);
    expect(checking.next).toMatchObject({ who: 'you', action: { label: 'Confirm delivery' }, deadline: checking.sale.releasesAt });
    expect((await detail(seller, sellerTx)).next).toMatchObject({ who: 'buyer', deadline: checking.sale.releasesAt });
    expect((await payout(seller, sellerTx, 'second'))?.state).toBe('scheduled');
    expect((await api.call('GET', '/api/transactions', seller.bearer)).json().previous).toEqual([]);

    // The buyer confirms: the second half moves in the same transaction, and the sale is closed for both.
    const confirmed = await api.call('POST', `/api/transactions/${buyerTx}/delivery/confirm`, buyer.bearer, {
      idempotencyKey: randomUUID(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(['pending', 'settled']).toContain((await payout(seller, sellerTx, 'second'))?.state);
    for (const [who, id] of [
      [buyer, buyerTx],
      [seller, sellerTx],
    ] as const) {
      const list = (await api.call('GET', '/api/transactions', who.bearer)).json();
      expect(list.previous).toEqual([expect.objectContaining({ id, sale: expect.objectContaining({ stage: 'closed' }) })]);
      expect((await detail(who, id)).next).toBeNull();
    }
  });

  it('is handed over by both parties’ records where nothing was arranged here', async () => {
    const { buyer, seller, buyerTx, sellerTx } = await partnerDealSigned(api, parts, admin);
    const record = async (who: Who, id: string, label: string) => {
      const photos = await Promise.all(
        HANDOVER_SLOTS.map(async (slot) => ({ slot, ...(await uploadedDocument(api, who, id, slot, `${label}-${slot}.jpg`)) })),
      );
      const sent = await api.call('POST', `/api/transactions/${id}/handover`, who.bearer, {
        odometerMiles: 84_120,
        keysHandedOver: true,
        titleHandedOver: true,
        photos,
        idempotencyKey: randomUUID(),
      });
      expect(sent.statusCode, sent.body).toBe(201);
    };
    await record(seller, sellerTx, 'seller');
    // One record is the seller's word alone: the car is not handed over on it.
    expect((await detail(buyer, buyerTx)).sale.stage).toBe('waiting for handover');
    await record(buyer, buyerTx, 'buyer');
    const after = await detail(seller, sellerTx);
    expect(after.sale.stage).toBe('clock running');
    expect(after.delivery.handedOverAt).not.toBeNull();
    expect(after.shipment.updates.at(-1)).toMatchObject({ status: 'delivered', note: 'Both parties recorded the handover' });
  });
});

describe('arranging the handover', () => {
  it('refuses a bad proposal naming its field, a sale whose buyer books transport, and anyone not a party', async () => {
    const { buyer, buyerTx } = await partnerDealSigned(api, parts, admin);
    for (const [plan, field] of [
      [{ method: 'teleport' }, 'method'],
      [{ day: 'tomorrow' }, 'day'],
      [{ day: '2020-01-01' }, 'day'],
      [{ time: '25:00' }, 'time'],
      [{ place: { ...PLACE, postalCode: '7870' } }, 'place.postalCode'],
    ] as const) {
      const refused = await propose(buyer, buyerTx, plan);
      expect(refused.statusCode, JSON.stringify(plan)).toBe(400);
      expect(refused.json().field).toBe(field);
    }
    expect((await agree(buyer, buyerTx)).statusCode).toBe(409);
    const outsider = await personFor(parts.identity, 'outsider');
    expect((await propose(outsider, buyerTx)).statusCode).toBe(404);
    // A private sale's buyer books its transport in the transport step: nothing to arrange here.
    const privateSale = await dealAtPayment(api, parts, 'user_good', { pickup: true });
    const refused = await propose(privateSale.buyer, privateSale.buyerTx);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/transport is booked in the sale’s transport step/);
  });
});
