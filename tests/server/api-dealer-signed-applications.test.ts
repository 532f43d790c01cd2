/**
 * A financed sale with a signed paper application (issue 22): submitted without the typed fields,
 * it waits for the dealer to upload the signed copy and send it; the sandbox lender decides it by
 * the file's name (approved, or declined for "decline") through the same signed webhook. Sending
 * without a document is a 409, twice queues once, and only the sale's dealer can send it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { providerRequests } from '../../server/db/provider-tables';
import { listeningApi } from '../support/api-harness';
import { uploadedDocument } from '../support/deals';
import { dealersOf, signedApplicationSale } from '../support/dealers';
import { bearerFor } from '../support/tokens';

const parts = inject('parts');
vi.setConfig({ testTimeout: 60_000 });
let api: Awaited<ReturnType<typeof listeningApi>>;

beforeAll(async () => {
  api = await listeningApi(parts);
});
afterAll(() => api.close());

const { newDealer, decided } = dealersOf(() => api, parts.identity);

describe('a signed credit application', () => {
  it('waits for its upload, then is sent once and decided by the lender from the file’s name', async () => {
    const admin = await bearerFor(parts.identity, ['admin']);
    const dealer = await newDealer(admin);
    const other = await newDealer(admin);
    for (const [fileName, decision] of [
      ['signed-application.jpg', 'approved'],
      ['application-stipulations.jpg', 'conditional'],
      ['application-decline.jpg', 'declined'],
    ] as const) {
      const submitted = await api.call('POST', '/api/dealer/sales', dealer.bearer, signedApplicationSale());
      expect(submitted.statusCode).toBe(201);
      const sale = submitted.json();
      expect(sale).toMatchObject({ kind: 'finance', applicationMode: 'signed', decision: 'unsent', ssnLast4: null });
      const send = (bearer = dealer.bearer) => api.call('POST', `/api/dealer/sales/${sale.id}/application`, bearer);

      const early = await send();
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('Upload the signed credit application before sending it to the lender.');
      await uploadedDocument(api, dealer, sale.transactionId, 'credit-application', fileName);
      expect((await send(other.bearer)).statusCode).toBe(404);
      const [first, second] = [await send(), await send()];
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(first.json().decision).not.toBe('unsent');

      const queued = await api.database.db.select().from(providerRequests).where(eq(providerRequests.transactionId, sale.transactionId));
      expect(queued.filter((request) => request.kind === 'credit application')).toHaveLength(1);
      expect(queued[0]!.body).toMatchObject({ document: { fileName } });
      expect(queued[0]!.body).not.toHaveProperty('ssn');
      expect((await decided(dealer, sale.id)).decision).toBe(decision);
    }
  });

  it('bad input is a 400 naming the field; a cash sale has no application to send', async () => {
    const admin = await bearerFor(parts.identity, ['admin']);
    const dealer = await newDealer(admin);
    const unsigned = await api.call('POST', '/api/dealer/sales', dealer.bearer, {
      ...signedApplicationSale(),
      signedApplication: { customerSigned: false, consent: true },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().field).toBe('signedApplication.customerSigned');
    const badId = await api.call('POST', '/api/dealer/sales/not-a-sale/application', dealer.bearer);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('saleId');
    const cash = (
      await api.call('POST', '/api/dealer/sales', dealer.bearer, {
        ...signedApplicationSale(),
        kind: 'cash',
        signedApplication: undefined,
        idempotencyKey: randomUUID(),
      })
    ).json();
    const refused = await api.call('POST', `/api/dealer/sales/${cash.id}/application`, dealer.bearer);
    expect(refused.statusCode).toBe(409);
  });
});
