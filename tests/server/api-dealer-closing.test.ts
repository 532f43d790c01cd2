/**
 * A dealer's sale to its close through the API and the sandboxes (issue 22): the dealer books
 * delivery from their lot and signs first; until then the customer's part is held; then the
 * customer, mailed, pays what the dealer's structure and delivery leave due, checks their ID and
 * signs; the deal closes for both and the money follows the same breakdown: the customer's
 * payment, the dealer-lender's loan, the dealer paid into the account on file.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { notifications } from '../../server/db/schema';
import { listeningApi } from '../support/api-harness';
import { uploadedDocument } from '../support/deals';
import { dealersOf, financedSale } from '../support/dealers';
import { ledgerOf, linkedAccount, stepsFor } from '../support/payments';
import { govIdChecked, signs } from '../support/signing';
import { bearerFor, personFor } from '../support/tokens';

const parts = inject('parts');
vi.setConfig({ testTimeout: 90_000 });
let api: Awaited<ReturnType<typeof listeningApi>>;
beforeAll(async () => void (api = await listeningApi(parts)));
afterAll(() => api.close());

const DALLAS = { line1: '2100 Ross Ave', city: 'Dallas', state: 'TX', postalCode: '75201' };

describe('a dealer’s sale', () => {
  it('closes: delivery from the lot, the dealer signs first, then the customer pays by the dealer’s structure and signs', async () => {
    const { newDealer, decided } = dealersOf(() => api, parts.identity);
    const { act, detail } = stepsFor(api);
    const dealer = await newDealer(await bearerFor(parts.identity, ['admin']));
    const customer = await personFor(parts.identity, 'customer');
    await api.call('GET', '/api/users/profile', customer.bearer);
    const sale = await decided(
      dealer,
      (await api.call('POST', '/api/dealer/sales', dealer.bearer, financedSale('123450003', customer.email))).json().id,
    );
    const dealerTx = sale.transactionId as string;
    const structured = (
      await api.call('POST', `/api/dealer/sales/${sale.id}/structure`, dealer.bearer, {
        idempotencyKey: randomUUID(),
        termMonths: 60,
        downPaymentDollars: 2_500,
        products: ['warranty', 'gap'],
      })
    ).json().structure;
    for (const slot of ['title-front', 'vin-plate', 'odometer']) await uploadedDocument(api, dealer, dealerTx, slot, `${slot}.jpg`);
    await api.call('POST', `/api/dealer/sales/${sale.id}/review`, dealer.bearer);
    await vi.waitFor(async () => expect((await detail(dealer, dealerTx)).status).toBe('verification_completed'), {
      timeout: 20_000,
      interval: 100,
    });
    await api.call('POST', `/api/dealer/sales/${sale.id}/continue`, dealer.bearer, { idempotencyKey: randomUUID() });

    // The customer finds the purchase, held until the dealer has signed.
    await api.call('POST', '/api/offers/link-account', customer.bearer);
    const customerTx = (await api.call('GET', '/api/transactions', customer.bearer)).json().active[0].id as string;
    const held = await detail(customer, customerTx);
    expect(held).toMatchObject({ flow: 'payment-first', status: 'transport_done', dealer: { name: 'Lone Star Motors', signed: false } });
    expect(held.allowedEvents).not.toContain('price breakdown acknowledge');
    const early = await api.call('POST', `/api/transactions/${customerTx}/events`, customer.bearer, {
      event: 'price breakdown acknowledge',
      idempotencyKey: randomUUID(),
      expectedVersion: held.version,
      payload: {},
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Your dealer is still preparing the sale/);

    // Delivery quotes run from the dealership's lot; the customer was not asked.
    const quotes = (
      await api.call('POST', `/api/transactions/${dealerTx}/transport-quotes`, dealer.bearer, { deliveryAddress: DALLAS })
    ).json();
    expect(quotes.from).toEqual({ city: 'Austin', state: 'TX', postalCode: '78701' });
    expect(
      (await api.call('POST', `/api/transactions/${customerTx}/transport-quotes`, customer.bearer, { deliveryAddress: DALLAS })).statusCode,
    ).toBe(422);
    const quote = quotes.quotes[0];
    await act(dealer, dealerTx, 'transport booked', { kind: 'Delivery', quoteId: quote.id });
    // The dealer's screen reads what the customer now pays before signing: the down payment and the delivery.
    const dealersView = (await api.call('GET', `/api/dealer/sales/${sale.id}`, dealer.bearer)).json();
    expect(dealersView.customerPaysCents).toBe(structured.dueFromCustomerCents + quote.priceCents);

    // The dealer signs first; the documents' figures are the customer's breakdown.
    await act(dealer, dealerTx, 'signature start');
    await act(dealer, dealerTx, 'signing started');
    expect((await signs(api, dealer, dealerTx)).status).toBe('signature_completed');
    const [mail] = await api.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toEmail, customer.email), eq(notifications.subject, 'Lone Star Motors: your purchase is ready for you')));
    expect(mail?.link).toBe(`/transaction?transaction=${customerTx}`);

    const ready = await detail(customer, customerTx);
    expect(ready.dealer.signed).toBe(true);
    const breakdown = ready.priceBreakdown;
    expect(breakdown.lines.map((line: { label: string; cents: number }) => [line.label, line.cents])).toEqual([
      ['Vehicle price', 1_850_000],
      ['Vehicle service contract', 189_500],
      ['GAP protection', 69_500],
      [expect.stringMatching(/^Delivery by/), quote.priceCents],
    ]);
    expect(breakdown.financing).toMatchObject({ lender: 'Caramel Dealer Finance', apr: 6.9, months: 60 });
    expect(breakdown.financing.amountFinancedCents).toBe(structured.amountFinancedCents);
    expect(breakdown.dueAtSigningCents).toBe(structured.dueFromCustomerCents + quote.priceCents);

    await act(customer, customerTx, 'price breakdown acknowledge');
    const account = await linkedAccount(api, parts.sandbox.url, customer);
    await act(customer, customerTx, 'bank linked', { accountId: account.id, authorizedCents: breakdown.dueAtSigningCents });
    await act(customer, customerTx, 'signature start');
    await govIdChecked(api, parts.sandbox.url, customer, customerTx, 'approved');
    await signs(api, customer, customerTx);
    await vi.waitFor(
      // Closed once the vendor has delivered the car (the server tests' clock releases at the handover).
      async () => expect((await api.call('GET', `/api/dealer/sales/${sale.id}`, dealer.bearer)).json().sale.stage).toBe('closed'),
      { timeout: 30_000, interval: 100 },
    );
    expect((await detail(customer, customerTx)).status).toBe('signature_done');

    // The money asked for is the breakdown's: the customer's amount due and the dealer-lender's loan.
    const { transfers } = await ledgerOf(api, sale.dealId);
    expect(transfers.find((row) => row.purpose === 'buyer payment')?.amountCents).toBe(breakdown.dueAtSigningCents);
    expect(transfers.find((row) => row.purpose === 'loan funding')).toMatchObject({
      amountCents: breakdown.financing.amountFinancedCents,
      counterparty: 'Caramel Dealer Finance',
    });
  });
});
