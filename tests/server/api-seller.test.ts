/**
 * The seller's checkout through the API, against real PGlite, storage and the provider sandbox:
 * each side sends only its own actions; title actions name only this seller's recorded documents;
 * negative equity needs the seller's word; the title desk answers by signed webhook, applied once
 * and only when the signature, the timestamp and the delivery id hold up.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { providerRequests } from '../../server/db/provider-tables';
import { deals } from '../../server/db/schema';
import { signWebhook } from '../../server/providers/webhooks';
import { apiFor } from '../support/api-harness';
import { actAs, dealBetween, SALE, uploadedDocument, verifiedInquiry } from '../support/deals';
import { freePort } from '../support/free-port';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;
let callbackPort: number;

beforeAll(async () => {
  // The API listens, so the sandbox title desk can deliver its webhooks to it.
  callbackPort = await freePort();
  api = await apiFor(parts, { PROVIDER_CALLBACK_URL: `http://127.0.0.1:${callbackPort}` });
  await api.app.listen({ host: '127.0.0.1', port: callbackPort });
});
afterAll(() => api.close());

const act = (who: { bearer: string }, id: string, event: string, payload: object = {}) => actAs(api, who, id, event, payload);
const detailOf = async (who: { bearer: string }, id: string) => (await api.call('GET', `/api/transactions/${id}`, who.bearer)).json();

const HOME = { line1: '12 Elm St', city: 'Portland', state: 'OR', postalCode: '97201' };
const LIEN = {
  lienholderId: 'harbor-cu',
  lienholderName: 'Harbor Credit Union',
  accountNumber: 'AC-4417-2210',
  payoff: { amountCents: 1_250_000, goodThrough: '2030-01-31', perDiemCents: 236, source: 'entered' },
  titleInSellerName: true,
};

/** A deal whose seller has verified, given their address and the pickup, and read the reports: next is title. */
async function sellerAtTitle() {
  const deal = await dealBetween(api, parts.identity);
  const { seller, sellerTx } = deal;
  await act(seller, sellerTx, 'identity submitted', { inquiryId: await verifiedInquiry(parts.sandbox.url, sellerTx, 'approved') });
  await act(seller, sellerTx, 'address submitted', HOME);
  await act(seller, sellerTx, 'identity done', { pickupAddress: HOME });
  expect((await detailOf(seller, sellerTx)).status).toBe('identity_completed');
  await act(seller, sellerTx, 'reports reviewed');
  expect((await detailOf(seller, sellerTx)).status).toBe('identity_done');
  return deal;
}

async function webhook(body: object, options: { secret?: string; id?: string; at?: Date } = {}) {
  const text = JSON.stringify(body);
  const headers = signWebhook(
    options.secret ?? parts.sandbox.webhookSecrets['title-desk'],
    options.id ?? `msg_${randomUUID()}`,
    text,
    options.at,
  );
  return api.app.inject({ method: 'POST', url: '/api/webhooks/title-desk', headers, payload: text });
}

describe('each side sends only its own actions', () => {
  it('refuses a buyer’s action from the seller and a seller’s from the buyer, and the seller’s details without a pickup address', async () => {
    const { seller, buyer, sellerTx, buyerTx } = await dealBetween(api, parts.identity);
    const financing = await act(seller, sellerTx, 'finance skipped');
    expect(financing.statusCode).toBe(422);
    expect(financing.json().message).toBe('Choosing to pay cash is not possible now: this transaction is at the identity step.');
    expect((await act(buyer, buyerTx, 'title lender submitted', LIEN)).statusCode).toBe(422);
    expect((await act(buyer, buyerTx, 'reports reviewed')).statusCode).toBe(422);
    const details = await act(seller, sellerTx, 'identity done', {
      housing: 'rent',
      yearsAtAddress: 3,
      employer: 'Acme',
      annualIncomeDollars: 1,
    });
    expect(details.statusCode).toBe(400);
    expect(details.json().field).toBe('pickupAddress');
  });
});

describe('title documents', () => {
  it('must be this seller’s recorded uploads for this transaction, in the slot the field names, for the title and the vehicle alike', async () => {
    const { seller, buyer, sellerTx, buyerTx } = await sellerAtTitle();
    const front = await uploadedDocument(api, seller, sellerTx, 'title-front', 'front.jpg');
    const back = await uploadedDocument(api, seller, sellerTx, 'title-back', 'back.jpg');
    const buyers = await uploadedDocument(api, buyer, buyerTx, 'proof-of-address', 'bill.jpg');
    const send = (titleFront: object, titleBack: object = back) =>
      act(seller, sellerTx, 'title docs uploaded', { titleFront, titleBack, titleInSellerName: true, ownership: [] });

    const notTheirs = await send(buyers);
    expect(notTheirs.statusCode).toBe(422);
    expect(notTheirs.json().message).toBe('That document does not belong to this transaction.');
    const started = (
      await api.call('POST', '/api/uploads', seller.bearer, {
        transactionId: sellerTx,
        slot: 'title-front',
        fileName: 'late.jpg',
        contentType: 'image/jpeg',
        size: 10,
      })
    ).json();
    const notReceived = await send({ documentKey: started.key, fileName: 'late.jpg' });
    expect(notReceived.json().message).toBe('We did not receive late.jpg. Upload it again.');
    const wrongSlot = await send(back, front);
    expect(wrongSlot.json().message).toBe('back.jpg was uploaded as back of the title, not as front of the title.');
    expect((await detailOf(seller, sellerTx)).status).toBe('identity_done');

    // Nor the seller's own upload for another sale of theirs.
    const otherSale = (await api.call('POST', '/api/offers', seller.bearer, SALE)).json();
    await api.call('POST', `/api/public/offer-links/${new URL(otherSale.shareUrl).searchParams.get('token')}/actions`, undefined, {
      action: 'accept',
      email: `other-buyer-${randomUUID()}@example.com`,
      latestOfferId: otherSale.latestOffer.id,
    });
    const sellerList = (await api.call('GET', '/api/transactions', seller.bearer)).json();
    const otherTx = sellerList.active.find((row: { id: string }) => row.id !== sellerTx).id as string;
    const elsewhere = await uploadedDocument(api, seller, otherTx, 'title-front', 'front.jpg');
    expect((await send(elsewhere)).json().message).toBe('That document does not belong to this transaction.');
    expect((await detailOf(seller, sellerTx)).status).toBe('identity_done');

    expect((await send(front)).statusCode).toBe(200);
    expect((await detailOf(seller, sellerTx)).status).toBe('title_docs_submitted');

    // The VIN plate and odometer are held to the same: the buyer's file, or another sale's, is refused.
    const odometer = await uploadedDocument(api, seller, sellerTx, 'odometer', 'odo.jpg');
    const otherVin = await uploadedDocument(api, seller, otherTx, 'vin-plate', 'vin.jpg');
    for (const vinPlate of [buyers, otherVin]) {
      const refused = await act(seller, sellerTx, 'title vehicle docs uploaded', { vinPlate, odometer, odometerReading: 84_100 });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('That document does not belong to this transaction.');
    }
    expect((await detailOf(seller, sellerTx)).status).toBe('title_docs_submitted');
  });
});

describe('negative equity', () => {
  it('is refused until the seller confirms they bring the difference, and then shows in their payout', async () => {
    const { seller, sellerTx } = await sellerAtTitle();
    const underwater = { ...LIEN, payoff: { ...LIEN.payoff, amountCents: 2_500_000 } };
    const refused = await act(seller, sellerTx, 'title lender submitted', underwater);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Your payoff of $25,000 is more than the $20,000 sale price. You would bring the $5,000 difference to close the sale; confirm that you understand before going on.',
    );
    expect((await act(seller, sellerTx, 'title lender submitted', { ...underwater, negativeEquityAcknowledged: true })).statusCode).toBe(
      200,
    );
    const detail = await detailOf(seller, sellerTx);
    expect(detail.status).toBe('title_lender_lessor_submitted');
    expect(detail.data.title.lien).toMatchObject({ accountLast4: '2210', negativeEquityAcknowledged: true });
    expect(JSON.stringify(detail)).not.toContain('AC-4417-2210');
    expect(detail.payout).toMatchObject({ payoffCents: 2_500_000, feeCents: 9_500, payoutCents: 0, bringCents: 509_500 });
  });
});

describe('the title desk’s webhooks', () => {
  it('review the photos by webhook: the seller’s request goes out, the answer comes back signed, and the payout is ready', async () => {
    const { seller, buyer, sellerTx, buyerTx } = await sellerAtTitle();
    await act(seller, sellerTx, 'title lender submitted', LIEN);
    const vinPlate = await uploadedDocument(api, seller, sellerTx, 'vin-plate', 'vin.jpg');
    const odometer = await uploadedDocument(api, seller, sellerTx, 'odometer', 'odo.jpg');
    const sent = await act(seller, sellerTx, 'title vehicle docs uploaded', { vinPlate, odometer, odometerReading: 84_100 });
    expect(sent.json().transaction.data.title.review.state).toBe('pending');
    await expect.poll(async () => (await detailOf(seller, sellerTx)).status, { timeout: 10_000 }).toBe('pricebreakdown_start');
    const detail = await detailOf(seller, sellerTx);
    expect(detail.data.title.review.state).toBe('approved');
    expect(detail.payout).toMatchObject({ payoffCents: 1_250_000, feeCents: 9_500, payoutCents: 2_000_000 - 1_250_000 - 9_500 });
    // The buyer's breakdown says the payoff goes first to the lender, without changing what they pay.
    expect((await detailOf(buyer, buyerTx)).priceBreakdown.lienPayoff).toEqual({ lender: 'Harbor Credit Union', cents: 1_250_000 });
  });

  it('change nothing when the signature is wrong, the timestamp old, or the delivery id seen before', async () => {
    const { seller, sellerTx } = await sellerAtTitle();
    await act(seller, sellerTx, 'title lender submitted', LIEN);
    // The review the title desk answers, as if asked and taken (the desk itself is kept out: its own answer would race these).
    await api.database.db
      .insert(providerRequests)
      .values({ transactionId: sellerTx, provider: 'title-desk', kind: 'review', status: 'accepted', externalId: `rev_${randomUUID()}` });
    const approved = { type: 'title.review.approved', timestamp: new Date().toISOString(), data: { reference: sellerTx } };

    const forged = await webhook(approved, { secret: `whsec_${Buffer.from('not the secret, not at all').toString('base64')}` });
    expect(forged.statusCode).toBe(401);
    const stale = await webhook(approved, { at: new Date(Date.now() - 10 * 60 * 1000) });
    expect(stale.statusCode).toBe(401);
    const unsigned = await api.app.inject({
      method: 'POST',
      url: '/api/webhooks/title-desk',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(approved),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await detailOf(seller, sellerTx)).status).toBe('title_lender_lessor_submitted');

    const id = `msg_${randomUUID()}`;
    expect((await webhook(approved, { id })).json()).toEqual({ outcome: 'applied' });
    const version = (await detailOf(seller, sellerTx)).version;
    expect((await webhook(approved, { id })).json()).toEqual({ outcome: 'replayed' });
    // Another delivery of the same answer: the table no longer takes it where the transaction is now.
    expect((await webhook(approved)).json()).toEqual({ outcome: 'ignored' });
    expect((await detailOf(seller, sellerTx)).version).toBe(version);
  });

  it('change nothing when validly signed but answering nothing we asked: a title “received” that was never sent', async () => {
    const { seller, sellerTx } = await sellerAtTitle();
    const dealId = (await detailOf(seller, sellerTx)).dealId as string;
    const titleReceivedAt = async () =>
      (await api.database.db.select({ at: deals.titleReceivedAt }).from(deals).where(eq(deals.id, dealId)))[0]!.at;
    const received = { type: 'title.received', timestamp: new Date().toISOString(), data: { reference: sellerTx } };
    expect((await webhook(received)).json()).toEqual({ outcome: 'ignored' });
    expect(await titleReceivedAt()).toBeNull();
  });
});
