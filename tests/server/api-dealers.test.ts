/**
 * The dealer programme through the API and the dealer-lender sandbox: only admins make and take
 * back dealers; only dealers submit and read sales, each only their own; a financed sale is
 * decided by the lender's signed webhook (each magic outcome) and mailed to the dealer; and the
 * customer's SSN is in no answer, no log line and no stored row once the lender has it.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { notifications } from '../../server/db/schema';
import { providerRequests } from '../../server/db/provider-tables';
import { dealerSales } from '../../server/db/dealer-tables';
import { transactionDetailSchema } from '../../src/domain/transaction-contract';
import { listeningApi } from '../support/api-harness';
import { uploadedDocument } from '../support/deals';
import { dealersOf, financedSale, LOT } from '../support/dealers';
import { bearerFor, personFor } from '../support/tokens';

const parts = inject('parts');
vi.setConfig({ testTimeout: 60_000 });
let api: Awaited<ReturnType<typeof listeningApi>>;
const log: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  api = await listeningApi(parts, stream);
});
afterAll(() => api.close());

const { newDealer, decided } = dealersOf(() => api, parts.identity);

describe('who is a dealer', () => {
  it('only an admin makes and takes back dealers; a dealer reaches the dealer area until then', async () => {
    const admin = await bearerFor(parts.identity, ['admin']);
    const customer = await personFor(parts.identity, 'customer');
    await api.call('GET', '/api/users/profile', customer.bearer);
    const byCustomer = await api.call('POST', '/api/admin/dealers', customer.bearer, {
      email: customer.email,
      dealershipName: 'Mine',
      licenceNumber: 'X-1234',
      address: LOT,
    });
    expect(byCustomer.statusCode).toBe(403);
    expect((await api.call('GET', '/api/dealer/sales', customer.bearer)).statusCode).toBe(403);
    const unknown = await api.call('POST', '/api/admin/dealers', admin, {
      email: 'nobody@example.com',
      dealershipName: 'Ghost',
      licenceNumber: 'X-1234',
      address: LOT,
    });
    expect(unknown.statusCode).toBe(404);
    const badLicence = await api.call('POST', '/api/admin/dealers', admin, {
      email: customer.email,
      dealershipName: 'Bad',
      licenceNumber: '!',
      address: LOT,
    });
    expect(badLicence.statusCode).toBe(400);
    expect(badLicence.json().field).toBe('licenceNumber');

    const dealer = await newDealer(admin);
    expect((await api.call('GET', '/api/users/profile', dealer.bearer)).json().type).toBe('dealer');
    expect((await api.call('GET', '/api/dealer/sales', dealer.bearer)).json()).toEqual({ sales: [] });
    const listed = (await api.call('GET', '/api/admin/dealers', admin)).json().dealers;
    expect(listed).toContainEqual(expect.objectContaining({ email: dealer.email, licenceNumber: 'TX-12345', address: LOT }));

    expect((await api.call('DELETE', `/api/admin/dealers/${dealer.userId}`, customer.bearer)).statusCode).toBe(403);
    expect((await api.call('DELETE', `/api/admin/dealers/${dealer.userId}`, admin)).statusCode).toBe(204);
    expect((await api.call('GET', '/api/dealer/sales', dealer.bearer)).statusCode).toBe(403);
    expect((await api.call('GET', '/api/users/profile', dealer.bearer)).json().type).toBe('customer');
  });
});

describe('a dealer’s sales', () => {
  it('a financed sale is decided by the lender’s webhook — approved, with stipulations, declined — and mailed to the dealer', async () => {
    const admin = await bearerFor(parts.identity, ['admin']);
    const dealer = await newDealer(admin);
    const outcomes = [
      ['123450003', 'approved'],
      ['123450002', 'conditional'],
      ['123450001', 'declined'],
    ] as const;
    for (const [ssn, decision] of outcomes) {
      const submitted = await api.call('POST', '/api/dealer/sales', dealer.bearer, financedSale(ssn));
      expect(submitted.statusCode).toBe(201);
      const sale = submitted.json();
      expect(sale).toMatchObject({ kind: 'finance', status: 'finance_completed', ssnLast4: ssn.slice(-4), priceDollars: 18_500 });
      const answered = await decided(dealer, sale.id);
      expect(answered.decision).toBe(decision);
      if (decision === 'declined') expect(answered.terms).toBeNull();
      else expect(answered.terms.maxTermMonths).toBe(72);
      if (decision === 'conditional')
        expect(answered.terms).toEqual({
          aprBasisPoints: 990,
          maxTermMonths: 72,
          stipulations: ['proof of income', 'proof of residence', 'insurance'],
        });
      const mail = await api.database.db.select().from(notifications).where(eq(notifications.toEmail, dealer.email));
      expect(mail.map((row) => row.link)).toContain(`/finance/status?sale=${sale.id}`);
    }
    const list = (await api.call('GET', '/api/dealer/sales', dealer.bearer)).json().sales;
    expect(list.map((sale: { decision: string }) => sale.decision)).toEqual(['declined', 'conditional', 'approved']);
  });

  it('a repeated submission answers the same sale; another dealer cannot read it; bad input is a 400 naming the field', async () => {
    const admin = await bearerFor(parts.identity, ['admin']);
    const dealer = await newDealer(admin);
    const other = await newDealer(admin);
    const cash = { ...financedSale('123450003'), kind: 'cash', application: undefined };
    const first = (await api.call('POST', '/api/dealer/sales', dealer.bearer, cash)).json();
    const again = (await api.call('POST', '/api/dealer/sales', dealer.bearer, cash)).json();
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ kind: 'cash', decision: null, ssnLast4: null });
    expect((await api.call('GET', `/api/dealer/sales/${first.id}`, other.bearer)).statusCode).toBe(404);
    expect((await api.call('GET', '/api/dealer/sales', other.bearer)).json().sales).toEqual([]);

    const badVin = await api.call('POST', '/api/dealer/sales', dealer.bearer, {
      ...cash,
      idempotencyKey: randomUUID(),
      vehicle: { vin: '1G4AH59H45G118342', mileage: 1 },
    });
    expect(badVin.statusCode).toBe(400);
    expect(badVin.json().field).toBe('vehicle.vin');
    const noConsent = financedSale('123450003');
    const refused = await api.call('POST', '/api/dealer/sales', dealer.bearer, {
      ...noConsent,
      application: { ...noConsent.application, consent: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('application.consent');
  });

  it('the SSN is in no answer, no log line and no stored row once the lender has it', async () => {
    const admin = await bearerFor(parts.identity, ['admin']);
    const dealer = await newDealer(admin);
    const ssn = '456780002';
    const answers: string[] = [];
    const submitted = await api.call('POST', '/api/dealer/sales', dealer.bearer, financedSale(ssn));
    expect(submitted.statusCode).toBe(201);
    answers.push(submitted.body);
    const sale = await decided(dealer, submitted.json().id);
    answers.push(JSON.stringify(sale), (await api.call('GET', '/api/dealer/sales', dealer.bearer)).body);
    // A bad SSN is refused without being repeated back.
    const bad = await api.call('POST', '/api/dealer/sales', dealer.bearer, financedSale('45678000'));
    expect(bad.statusCode).toBe(400);
    answers.push(bad.body);
    for (const answer of answers) expect(answer).not.toContain(ssn);
    expect(bad.body).not.toContain('45678000');

    expect(log.join('').length).toBeGreaterThan(0); // the API did log these requests
    expect(log.join('')).not.toContain(ssn);
    expect(log.join('')).not.toContain('45678000');
    const stored = JSON.stringify([
      await api.database.db.select().from(providerRequests),
      await api.database.db.select().from(dealerSales),
      await api.database.db.select().from(notifications),
    ]);
    expect(stored).not.toContain(ssn);
    expect(stored).toContain('"ssnLast4":"0002"');
  });

  it('an approved sale is structured within the lender’s terms, its documents reviewed, and goes on to pickup or delivery', async () => {
    const admin = await bearerFor(parts.identity, ['admin']);
    const dealer = await newDealer(admin);
    const sale = await decided(dealer, (await api.call('POST', '/api/dealer/sales', dealer.bearer, financedSale('123450002'))).json().id);
    const structure = (body: object) => api.call('POST', `/api/dealer/sales/${sale.id}/structure`, dealer.bearer, body);
    const tooLong = await structure({ idempotencyKey: randomUUID(), termMonths: 84, downPaymentDollars: 1000, products: [] });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().field).toBe('termMonths');
    const request = { idempotencyKey: randomUUID(), termMonths: 60, downPaymentDollars: 2_500, products: ['warranty'] };
    const structured = (await structure(request)).json();
    expect(structured.status).toBe('protection_done');
    // $18,500 + $1,895 warranty − $2,500 down, at 9.9 % over 60 months.
    expect(structured.structure).toMatchObject({ amountFinancedCents: 1_789_500, aprBasisPoints: 990, dueFromCustomerCents: 250_000 });
    expect(structured.structure.monthlyPaymentCents).toBe(37_934);
    const replay = await structure(request);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().structure).toEqual(structured.structure);
    expect((await structure({ ...request, idempotencyKey: randomUUID() })).statusCode).toBe(409);

    const review = () => api.call('POST', `/api/dealer/sales/${sale.id}/review`, dealer.bearer);
    const early = await review();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Upload these first: Proof of income, Proof of residence, Proof of insurance, Front of the title, VIN plate photo, Odometer photo.',
    );
    for (const slot of ['proof-of-income', 'proof-of-residence', 'insurance-card', 'title-front', 'vin-plate', 'odometer'])
      await uploadedDocument(api, dealer, sale.transactionId, slot, `${slot}.jpg`);
    expect((await review()).json().reviewSubmittedAt).not.toBeNull();
    await vi.waitFor(
      async () =>
        expect((await api.call('GET', `/api/dealer/sales/${sale.id}`, dealer.bearer)).json().status).toBe('verification_completed'),
      { timeout: 20_000, interval: 100 },
    );
    const onward = await api.call('POST', `/api/dealer/sales/${sale.id}/continue`, dealer.bearer, { idempotencyKey: randomUUID() });
    expect(onward.json().status).toBe('verification_done');
    // The transaction's own screens read it with the app's contract: the dealer's transport step is next.
    expect(
      transactionDetailSchema.safeParse((await api.call('GET', `/api/transactions/${sale.transactionId}`, dealer.bearer)).json()).error,
    ).toBeUndefined();
    const transaction = await api.call('GET', `/api/transactions/${sale.transactionId}`, dealer.bearer);
    expect(transaction.json()).toMatchObject({
      flow: 'dealer-financing',
      destination: { path: '/transaction/transport', view: 'landing' },
    });
  });
});
