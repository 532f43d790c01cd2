/**
 * The transaction engine through the API, against real PGlite and the real provider sandbox:
 * events only along the table, idempotency keys, stale versions, who may see and act.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiFor } from '../support/api-harness';
import { dealBetween, GOVERNMENT_ID_TEMPLATE, verifiedInquiry as sandboxInquiryOf } from '../support/deals';
import { bearerFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(() => api.close());

const call: (typeof api)['call'] = (...args) => api.call(...args);
const deal = () => dealBetween(api, parts.identity);

type Detail = { status: string; version: number; [key: string]: unknown };

async function act(
  who: { bearer: string },
  id: string,
  event: string,
  payload: object = {},
  options: { key?: string; version?: number } = {},
) {
  const version = options.version ?? ((await call('GET', `/api/transactions/${id}`, who.bearer)).json() as Detail).version;
  return call('POST', `/api/transactions/${id}/events`, who.bearer, {
    event,
    payload,
    idempotencyKey: options.key ?? randomUUID(),
    expectedVersion: version,
  });
}

const sandboxInquiry = (transactionId: string, status: 'approved' | 'declined', template: string) =>
  sandboxInquiryOf(parts.sandbox.url, transactionId, status, undefined, template);

const verifiedInquiry = (transactionId: string, status: 'approved' | 'declined') =>
  sandboxInquiryOf(parts.sandbox.url, transactionId, status);

const ADDRESS = { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' };
const DETAILS = { housing: 'rent', yearsAtAddress: 3, employer: 'Acme', annualIncomeDollars: 85_000 };
const APPLICATION = { downPaymentDollars: 4_000, months: 60, band: 'good', annualIncomeDollars: 85_000, creditCheckConsent: true };
const QUOTE = { postalCode: '78701', dateOfBirth: '1988-04-02', accidents: 0, coverage: 'standard' };

describe('a new deal', () => {
  it('starts the buyer in the financed-buyer flow and the seller in the title flow, each seeing only their own', async () => {
    const { buyerList, sellerList } = await deal();
    expect(buyerList.active).toHaveLength(1);
    expect(buyerList.active[0]).toMatchObject({
      side: 'buyer',
      flow: 'financed-buyer',
      status: 'identity_started',
      version: 0,
      destination: { path: '/transaction/identity', view: 'landing' },
      price: 20_000,
    });
    expect(buyerList.active[0].steps[0]).toEqual({ step: 'identity', state: 'current' });
    expect(sellerList.active[0]).toMatchObject({ side: 'seller', flow: 'title-report', status: 'identity_started' });
    expect(buyerList.previous).toEqual([]);
  });
});

describe('the buyer walks identity, financing, protection and insurance', () => {
  it('moves only along the table, with provider answers written as events', async () => {
    const { buyer, buyerTx } = await deal();
    const steps = [
      ['identity submitted', { inquiryId: await verifiedInquiry(buyerTx, 'approved') }, 'identity_success'],
      ['address submitted', ADDRESS, 'identity_address_completed'],
      ['identity done', DETAILS, 'identity_done'],
      ['finance application submitted', APPLICATION, 'finance_completed'],
    ] as const;
    for (const [event, payload, status] of steps) {
      const answer = await act(buyer, buyerTx, event, payload);
      expect(answer.statusCode, `${event}: ${answer.body}`).toBe(200);
      expect(answer.json().transaction.status).toBe(status);
    }
    let detail = (await call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json();
    expect(detail.data.financing.offers.length).toBe(3);
    const offer = detail.data.financing.offers[0];
    expect((await act(buyer, buyerTx, 'finance done', { offerId: 'made-up' })).json().message).toBe(
      'That loan offer is no longer available. Choose one of the offers shown.',
    );
    for (const [event, payload, status] of [
      ['finance done', { offerId: offer.id }, 'finance_done'],
      ['protection skipped', {}, 'protection_done'],
      ['insurance quote requested', QUOTE, 'insurance_completed'],
    ] as const) {
      expect((await act(buyer, buyerTx, event, payload)).json().transaction.status).toBe(status);
    }
    detail = (await call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json();
    const quote = detail.data.insurance.quotes[0];
    expect((await act(buyer, buyerTx, 'insurance coverage selected', { quoteId: quote.id })).json().transaction.status).toBe(
      'insurance_opted',
    );
    detail = (await act(buyer, buyerTx, 'insurance done', { policyNumber: 'SBX-1' })).json().transaction;

    expect(detail.status).toBe('insurance_done');
    expect(detail.destination).toEqual({ path: '/transaction/transport', view: 'landing' });
    expect(detail.steps.slice(0, 5)).toEqual([
      { step: 'identity', state: 'done' },
      { step: 'financing', state: 'done' },
      { step: 'protection', state: 'done' },
      { step: 'insurance', state: 'done' },
      { step: 'transport', state: 'current' },
    ]);
    expect(detail.priceBreakdown.financing).toMatchObject({ lender: offer.lender, amountFinancedCents: 1_600_000 });
    expect(detail.priceBreakdown.lines.find((line: { id: string }) => line.id === 'sales tax')).toMatchObject({ cents: 125_000 });
    expect(
      detail.timeline.filter((entry: { by: string }) => entry.by === 'provider').map((entry: { event: string }) => entry.event),
    ).toEqual(['identity approved', 'address verified', 'loans offered', 'insurance quoted']);
    expect(detail.version).toBe(detail.timeline.length);
  });

  it('shows the failure screen for a declined identity and lets the buyer try again', async () => {
    const { buyer, buyerTx } = await deal();
    const declined = await act(buyer, buyerTx, 'identity submitted', { inquiryId: await verifiedInquiry(buyerTx, 'declined') });
    expect(declined.json().transaction).toMatchObject({
      status: 'identity_failed',
      destination: { path: '/transaction/identity', view: 'error' },
    });
    expect(declined.json().transaction.allowedEvents).toEqual(['identity retried']);
    expect((await act(buyer, buyerTx, 'identity retried')).json().transaction.status).toBe('identity_started');
  });

  it('stops offering retries after three declined verifications: not eligible online', async () => {
    const { buyer, buyerTx } = await deal();
    for (let attempt = 1; attempt <= 3; attempt++) {
      await act(buyer, buyerTx, 'identity submitted', { inquiryId: await verifiedInquiry(buyerTx, 'declined') });
      if (attempt < 3) expect((await act(buyer, buyerTx, 'identity retried')).statusCode).toBe(200);
    }
    const refused = await act(buyer, buyerTx, 'identity retried');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^Your identity could not be verified after 3 attempts/);
    expect((await call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json().data.identity.declined).toBe(3);
  });

  it('refuses a verification made for another transaction', async () => {
    const { buyer, buyerTx } = await deal();
    const other = await deal();
    const answer = await act(buyer, buyerTx, 'identity submitted', { inquiryId: await verifiedInquiry(other.buyerTx, 'approved') });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe('That verification was made for another transaction.');
  });

  it('refuses a verification id the provider does not know, an inherited property name included (found by the fuzzing)', async () => {
    const { buyer, buyerTx } = await deal();
    for (const inquiryId of ['inq_nobody', '__proto__', 'constructor']) {
      const answer = await act(buyer, buyerTx, 'identity submitted', { inquiryId });
      expect(answer.statusCode, inquiryId).toBe(422);
      expect(answer.json().message).toBe('We could not find that verification. Please verify your identity again.');
    }
  });

  it('refuses a verification of another kind (a government-ID check) for the identity step', async () => {
    const { buyer, buyerTx } = await deal();
    const answer = await act(buyer, buyerTx, 'identity submitted', {
      inquiryId: await sandboxInquiry(buyerTx, 'approved', GOVERNMENT_ID_TEMPLATE),
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe('That verification is not an identity check.');
    expect((await call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json().version).toBe(0);
  });

  it('answers no offers for a loan no lender makes, and lets the buyer pay cash instead', async () => {
    const { buyer, buyerTx } = await deal();
    await act(buyer, buyerTx, 'identity submitted', { inquiryId: await verifiedInquiry(buyerTx, 'approved') });
    await act(buyer, buyerTx, 'address submitted', ADDRESS);
    await act(buyer, buyerTx, 'identity done', DETAILS);
    const none = await act(buyer, buyerTx, 'finance application submitted', { ...APPLICATION, band: 'poor' });
    expect(none.json().transaction).toMatchObject({ status: 'finance_failed', destination: { view: 'no offers' } });
    const cash = (await act(buyer, buyerTx, 'finance skipped')).json().transaction;
    expect(cash).toMatchObject({ status: 'finance_done', data: { financing: { payingCash: true } } });
  });
});

describe('an address the check cannot match', () => {
  it('can be corrected by hand or proven with an uploaded document the API signed for', async () => {
    const { buyer, buyerTx } = await deal();
    await act(buyer, buyerTx, 'identity submitted', { inquiryId: await verifiedInquiry(buyerTx, 'approved') });
    const failed = (await act(buyer, buyerTx, 'address submitted', { ...ADDRESS, line1: 'PO Box 12' })).json().transaction;
    expect(failed).toMatchObject({ status: 'identity_address_failed', destination: { view: 'manual address form' } });

    const unsent = await act(buyer, buyerTx, 'identity address uploaded', {
      documentKey: 'private/someone/else.pdf',
      fileName: 'bill.pdf',
    });
    expect(unsent.statusCode).toBe(422);
    expect(unsent.json().message).toBe('That document does not belong to this transaction.');

    const bill = Buffer.from('%PDF-1.4 utility bill');
    const created = await call('POST', '/api/uploads', buyer.bearer, {
      transactionId: buyerTx,
      slot: 'proof-of-address',
      fileName: 'bill.pdf',
      contentType: 'application/pdf',
      size: bill.length,
    });
    expect(created.statusCode).toBe(201);
    const { id, key, multipart } = created.json();
    expect(multipart).toBe(false);
    expect(key).toMatch(new RegExp(`^private/.+/transactions/${buyerTx}/proof-of-address/`));
    const notYet = await act(buyer, buyerTx, 'identity address uploaded', { documentKey: key, fileName: 'bill.pdf' });
    expect(notYet.json().message).toBe('We did not receive bill.pdf. Upload it again.');
    const [{ url, headers }] = (await call('POST', `/api/uploads/${id}/parts/sign`, buyer.bearer, { partNumbers: [1] })).json().urls;
    const put = await fetch(url, { method: 'PUT', body: bill, headers });
    expect(put.status).toBe(200);
    const done = await call('POST', `/api/uploads/${id}/complete`, buyer.bearer, {
      parts: [{ partNumber: 1, eTag: put.headers.get('etag') }],
    });
    expect(done.json()).toMatchObject({ key, review: 'received' });
    const provenAnswer = await act(buyer, buyerTx, 'identity address uploaded', { documentKey: key, fileName: 'bill.pdf' });
    expect(provenAnswer.statusCode, provenAnswer.body).toBe(200);
    const proven = provenAnswer.json().transaction;
    expect(proven).toMatchObject({ status: 'identity_updated_address_completed', destination: { view: 'additional info form' } });
  });
});

describe('idempotency and versions', () => {
  it('a replayed idempotency key changes nothing and answers the same', async () => {
    const { buyer, buyerTx } = await deal();
    const inquiryId = await verifiedInquiry(buyerTx, 'approved');
    const key = randomUUID();
    const first = await act(buyer, buyerTx, 'identity submitted', { inquiryId }, { key, version: 0 });
    const again = await act(buyer, buyerTx, 'identity submitted', { inquiryId }, { key, version: 0 });
    expect(first.json()).toMatchObject({ replayed: false, transaction: { status: 'identity_success', version: 2 } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, transaction: { status: 'identity_success', version: 2 } });
    expect(again.json().transaction.timeline).toEqual(first.json().transaction.timeline);
  });

  it('refuses a key already used for another action with 422, leaving the transaction as it was', async () => {
    const { seller, sellerTx } = await deal();
    const key = randomUUID();
    const inquiryId = await verifiedInquiry(sellerTx, 'approved');
    // The buyer joined the deal since it was made: the seller's view shows them, one version on.
    const before = (await call('GET', `/api/transactions/${sellerTx}`, seller.bearer)).json().version as number;
    expect((await act(seller, sellerTx, 'identity submitted', { inquiryId }, { key, version: before })).statusCode).toBe(200);
    for (const [event, payload] of [
      ['identity retried', {}],
      ['identity submitted', { inquiryId: 'inq_someone_else' }],
    ] as const) {
      const reused = await act(seller, sellerTx, event, payload, { key, version: before + 2 });
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json().message).toBe(
        'This request’s idempotency key was already used for another action (Sending your identity verification), so nothing was changed. Send a new key for a new action.',
      );
    }
    const detail = (await call('GET', `/api/transactions/${sellerTx}`, seller.bearer)).json();
    expect(detail).toMatchObject({ status: 'identity_success', version: before + 2 });
    expect((await act(seller, sellerTx, 'identity submitted', { inquiryId }, { key, version: before })).json().replayed).toBe(true);
  });

  it('two racing events with the same version: one applies, the other gets 409', async () => {
    const { buyer, buyerTx } = await deal();
    const declined = await verifiedInquiry(buyerTx, 'declined');
    await act(buyer, buyerTx, 'identity submitted', { inquiryId: declined });
    const version = (await call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json().version;
    const [a, b] = await Promise.all([
      act(buyer, buyerTx, 'identity retried', {}, { version }),
      act(buyer, buyerTx, 'identity retried', {}, { version }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toMatch(/^This transaction changed since you last saw it/);
  });

  it('refuses an action the status does not take with 422, and a bad payload with 400', async () => {
    const { buyer, buyerTx } = await deal();
    const early = await act(buyer, buyerTx, 'finance skipped');
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Choosing to pay cash is not possible now: this transaction is at the identity step.');
    const provider = await act(buyer, buyerTx, 'identity approved');
    expect(provider.statusCode).toBe(400);
    expect(provider.json().message).toBe('event: That is not an action a transaction takes');
    const noConsent = await act(buyer, buyerTx, 'finance application submitted', { ...APPLICATION, creditCheckConsent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toBe('creditCheckConsent: Agree to the credit check to see loan offers');
    const noKey = await call('POST', `/api/transactions/${buyerTx}/events`, buyer.bearer, {
      event: 'identity retried',
      expectedVersion: 0,
    });
    expect(noKey.statusCode).toBe(400);
  });
});

describe('who may see and act', () => {
  it('answers 404 to a user outside the deal and to the other side, and lets an admin see', async () => {
    const { buyerTx, seller } = await deal();
    const stranger = await bearerFor(parts.identity);
    expect((await call('GET', `/api/transactions/${buyerTx}`, stranger)).statusCode).toBe(404);
    expect((await act({ bearer: stranger }, buyerTx, 'identity retried', {}, { version: 0 })).statusCode).toBe(404);
    expect((await call('GET', `/api/transactions/${buyerTx}`, seller.bearer)).statusCode).toBe(404);
    expect((await call('GET', '/api/transactions', stranger)).json()).toEqual({ active: [], previous: [] });
    const admin = await bearerFor(parts.identity, ['admin']);
    expect((await call('GET', `/api/transactions/${buyerTx}`, admin)).json()).toMatchObject({ id: buyerTx, myRole: null });
    expect((await call('GET', `/api/transactions/${randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/transactions/${buyerTx}`)).statusCode).toBe(401);
  });
});

describe('the answer to an action', () => {
  it('is the transaction as a read of it answers then, on either side', async () => {
    const { buyer, buyerTx, seller, sellerTx } = await deal();
    // The vehicle reports are dated when they are read; everything else must match.
    const read = async (who: { bearer: string }, id: string) => ({
      ...(await call('GET', `/api/transactions/${id}`, who.bearer)).json(),
      vehicleReports: null,
    });
    const steps: [string, object][] = [
      ['identity submitted', { inquiryId: await verifiedInquiry(buyerTx, 'approved') }],
      ['address submitted', ADDRESS],
      ['identity done', DETAILS],
      ['finance skipped', {}],
      ['protection skipped', {}],
    ];
    for (const [event, payload] of steps) {
      const answer = (await act(buyer, buyerTx, event, payload)).json().transaction;
      expect({ ...answer, vehicleReports: null }).toEqual(await read(buyer, buyerTx));
    }
    const answer = (await act(seller, sellerTx, 'identity submitted', { inquiryId: await verifiedInquiry(sellerTx, 'approved') })).json();
    expect({ ...answer.transaction, vehicleReports: null }).toEqual(await read(seller, sellerTx));
  });
});
