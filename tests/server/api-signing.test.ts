/**
 * Signing and closing through the API and the e-signature sandbox: each party signs only for
 * their own side, a stored document that changed is refused, the provider's webhook counts only
 * when it is signed, new and true, the government-ID outcomes reach their statuses, and a sale
 * both parties finished closes once — mailed, listed as previous, each party connected.
 */
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { notifications } from '../../server/db/schema';
import { envelopeDocuments, envelopes } from '../../server/db/signing-tables';
import { signWebhook } from '../../server/providers/webhooks';
import { DOCUMENTS_CHANGED } from '../../server/modules/signing/envelope-records';
import { createS3Client } from '../../server/storage/s3-client';
import { LOCAL_STORAGE_CREDENTIALS } from '../../server/stack/storage';
import { sandboxProviders, type Providers } from '../../server/providers/providers';
import { listeningApi, settingsFor, type apiFor } from '../support/api-harness';
import { actAs, GOVERNMENT_ID_TEMPLATE, verifiedInquiry } from '../support/deals';
import { dealAtPayment, stepsFor } from '../support/payments';
import { finishSigning, govIdChecked, readyToSign, signingUrl, signs } from '../support/signing';

const parts = inject('parts');
// Each test walks a sale through the sandboxes and their webhooks: tens of seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await listeningApi(parts);
});
afterAll(() => api.close());

const sandbox = () => parts.sandbox.url;

/** A paid deal whose buyer has passed the ID check: both may sign. */
const dealReadyToSign = async () => readyToSign(api, sandbox(), await dealAtPayment(api, parts));

const signing = async (who: { bearer: string }, id: string) =>
  (await api.call('GET', `/api/transactions/${id}/signing`, who.bearer)).json();

describe('who signs', () => {
  it('a party signs only for their own side, and only once the provider says they did', async () => {
    const deal = await dealReadyToSign();
    // Not through the other party's transaction: it is not theirs to see.
    const crossed = await api.call('POST', `/api/transactions/${deal.sellerTx}/signing-session`, deal.buyer.bearer, {
      consent: true,
      shareContact: true,
    });
    expect(crossed.statusCode).toBe(404);
    // Consent first.
    const unconsented = await api.call('POST', `/api/transactions/${deal.buyerTx}/signing-session`, deal.buyer.bearer, {
      consent: false,
      shareContact: true,
    });
    expect(unconsented.statusCode).toBe(400);

    // The seller signs; the buyer, who has not, cannot claim the envelope as signed.
    await signs(api, deal.seller, deal.sellerTx);
    const { envelopeId } = await signing(deal.buyer, deal.buyerTx);
    const claimed = await actAs(api, deal.buyer, deal.buyerTx, 'documents signed', { envelopeId });
    expect(claimed.statusCode).toBe(422);
    expect(claimed.json().message).toMatch(/has not confirmed your signature/);
    // A session left without signing signs nothing either.
    const back = await finishSigning(await signingUrl(api, deal.buyer, deal.buyerTx), 'decline');
    expect(back.searchParams.get('event')).toBe('decline');
    expect(back.pathname).toBe('/transaction/signature');
    expect((await actAs(api, deal.buyer, deal.buyerTx, 'documents signed', { envelopeId })).statusCode).toBe(422);
    expect((await signing(deal.buyer, deal.buyerTx)).you.signedAt).toBeNull();
  });
});

describe('the documents', () => {
  it('are refused when a stored copy no longer matches its hash, and made afresh for the next session', async () => {
    const deal = await dealReadyToSign();
    await signingUrl(api, deal.seller, deal.sellerTx);
    const [envelope] = await api.database.db
      .select()
      .from(envelopes)
      .where(eq(envelopes.id, (await signing(deal.seller, deal.sellerTx)).envelopeId));
    const [billOfSale] = await api.database.db.select().from(envelopeDocuments).where(eq(envelopeDocuments.envelopeId, envelope!.id));
    const s3 = createS3Client({ region: 'us-west-2', endpoint: parts.storage.endpoint, credentials: LOCAL_STORAGE_CREDENTIALS });
    await s3.send(
      new PutObjectCommand({ Bucket: parts.storage.bucket, Key: billOfSale!.storageKey, Body: Buffer.from('%PDF-1.7 altered') }),
    );
    s3.destroy();

    const refused = await api.call('POST', `/api/transactions/${deal.buyerTx}/signing-session`, deal.buyer.bearer, {
      consent: true,
      shareContact: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DOCUMENTS_CHANGED);
    expect((await signing(deal.buyer, deal.buyerTx)).status).toBe('refused');

    await signs(api, deal.buyer, deal.buyerTx);
    const fresh = await signing(deal.buyer, deal.buyerTx);
    expect(fresh.envelopeId).not.toBe(envelope!.id);
    expect(fresh.documents.map((document: { kind: string }) => document.kind)).toContain('bill-of-sale');
  });
});

describe('the e-signature webhook', () => {
  it('changes nothing when badly signed, replayed, or for an envelope its provider has not completed', async () => {
    const deal = await dealReadyToSign();
    await signs(api, deal.seller, deal.sellerTx);
    const { envelopeId } = await signing(deal.seller, deal.sellerTx);
    const body = JSON.stringify({
      type: 'envelope.completed',
      timestamp: new Date().toISOString(),
      data: { reference: envelopeId, envelopeId: 'env_other' },
    });
    const send = (headers: Record<string, string>) =>
      api.app.inject({ method: 'POST', url: '/api/webhooks/esign', headers, payload: body });
    const forged = await send(signWebhook(`whsec_${Buffer.from('not the provider').toString('base64')}`, `msg_${randomUUID()}`, body));
    expect(forged.statusCode).toBe(401);
    // Signed right, but the buyer has not signed: the provider says the envelope is not complete.
    const id = `msg_${randomUUID()}`;
    expect((await send(signWebhook(parts.sandbox.webhookSecrets.esign, id, body))).json()).toEqual({ outcome: 'ignored' });
    expect((await send(signWebhook(parts.sandbox.webhookSecrets.esign, id, body))).json()).toEqual({ outcome: 'replayed' });
    const { detail } = stepsFor(api);
    expect((await detail(deal.seller, deal.sellerTx)).status).toBe('signature_completed');
    expect((await signing(deal.seller, deal.sellerTx)).status).toBe('sent');
  });
});

describe('the government-ID check before signing', () => {
  it('takes a decline to a retry, and a person’s review either way to its own status', async () => {
    const { act, detail } = stepsFor(api);
    const deal = await dealAtPayment(api, parts);
    await act(deal.buyer, deal.buyerTx, 'bank linked', {
      accountId: deal.buyerAccount.id,
      authorizedCents: deal.breakdown.dueAtSigningCents,
    });
    await act(deal.buyer, deal.buyerTx, 'signature start');
    await act(deal.buyer, deal.buyerTx, 'signing started');
    // An identity-step check, approved and made for this very transaction, is no government-ID check.
    const identityCheck = await verifiedInquiry(sandbox(), deal.buyerTx, 'approved');
    const notGovId = await actAs(api, deal.buyer, deal.buyerTx, 'gov id started', { inquiryId: identityCheck });
    expect(notGovId.statusCode).toBe(422);
    expect(notGovId.json().message).toBe('That verification is not a government-ID check.');
    const declined = await verifiedInquiry(sandbox(), deal.buyerTx, 'declined', undefined, GOVERNMENT_ID_TEMPLATE);
    expect((await act(deal.buyer, deal.buyerTx, 'gov id started', { inquiryId: declined })).status).toBe('signature_gov_id_failed');
    await act(deal.buyer, deal.buyerTx, 'gov id retried');
    // A result moves the sale once: the same declined check sent again is refused, not counted twice.
    const again = await actAs(api, deal.buyer, deal.buyerTx, 'gov id started', { inquiryId: declined });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('That verification was counted already. Start a new one.');
    expect((await govIdChecked(api, sandbox(), deal.buyer, deal.buyerTx, 'declined', 'manual')).status).toBe(
      'signature_gov_id_failed_manual_review',
    );
    await act(deal.buyer, deal.buyerTx, 'gov id retried');
    expect((await govIdChecked(api, sandbox(), deal.buyer, deal.buyerTx, 'approved', 'manual')).status).toBe(
      'signature_gov_id_success_manual_review',
    );
    expect((await detail(deal.buyer, deal.buyerTx)).data.signature.govId.outcome).toBe('approved after review');
  });
});

describe('closing', () => {
  it('a side that signed at the provider but whose app never said so (its tab left on the way back) is recorded from the completed envelope', async () => {
    const { detail } = stepsFor(api);
    const deal = await dealReadyToSign();
    // The seller signs on the provider's page and never comes back to report it.
    const back = await finishSigning(await signingUrl(api, deal.seller, deal.sellerTx), 'signing_complete');
    expect(back.searchParams.get('event')).toBe('signing_complete');
    expect((await detail(deal.seller, deal.sellerTx)).status).toBe('payment_done');
    await signs(api, deal.buyer, deal.buyerTx);
    await expect.poll(async () => (await detail(deal.seller, deal.sellerTx)).status, { timeout: 15_000 }).toBe('signature_done');
    const seller = await detail(deal.seller, deal.sellerTx);
    expect(seller.data.signature.signedAt).not.toBeNull();
    expect((await detail(deal.buyer, deal.buyerTx)).status).toBe('signature_done');
    // Their app reporting it late is taken as done, not refused.
    const late = await actAs(api, deal.seller, deal.sellerTx, 'documents signed', { envelopeId: seller.data.signature.envelopeId });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ replayed: true, transaction: { status: 'signature_done' } });
    // Nothing of its own is recorded (the documents' own updates, the signed copies arriving, may still come meanwhile).
    const signedEntries = (detail: { timeline: { event: string }[] }) =>
      detail.timeline.filter((entry) => entry.event === 'documents signed').length;
    expect(signedEntries(seller)).toBe(1);
    expect(signedEntries(late.json().transaction)).toBe(1);
  });

  it('a side’s app reporting its signature while the signing service’s “completed” is being recorded is answered as done, never as a stale view', async () => {
    // The provider, asked whether the seller signed (the app's report is checked against it), answers the report only once
    // its webhook has recorded the signature from the completed envelope: the report's unit of work meets a moved
    // transaction. Only the next call waits, and for 5 s at most, so the webhook's own call never waits on itself.
    const real = sandboxProviders(settingsFor(parts).verificationWidget);
    let next: (() => Promise<unknown>) | undefined;
    const providers: Providers = {
      ...real,
      esign: {
        ...real.esign,
        envelope: async (id) => {
          const wait = next;
          next = undefined;
          await wait?.().catch(() => undefined);
          return real.esign.envelope(id);
        },
      },
    };
    const racing = await listeningApi(parts, undefined, { providers });
    try {
      const { detail } = stepsFor(racing);
      const deal = await readyToSign(racing, sandbox(), await dealAtPayment(racing, parts));
      await signs(racing, deal.buyer, deal.buyerTx);
      const url = await signingUrl(racing, deal.seller, deal.sellerTx);
      const { envelopeId } = (await racing.call('GET', `/api/transactions/${deal.sellerTx}/signing`, deal.seller.bearer)).json();
      const seen = await detail(deal.seller, deal.sellerTx);
      await finishSigning(url, 'signing_complete');
      next = () => expect.poll(async () => (await detail(deal.seller, deal.sellerTx)).status, { timeout: 5_000 }).toBe('signature_done');
      const report = await actAs(racing, deal.seller, deal.sellerTx, 'documents signed', { envelopeId }, { version: seen.version });
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json()).toMatchObject({ replayed: true, transaction: { status: 'signature_done' } });
      expect(report.json().transaction.timeline.filter((entry: { event: string }) => entry.event === 'documents signed')).toHaveLength(1);
    } finally {
      await racing.close();
    }
  });

  it('once both have signed: signed PDFs and each other’s contact; closed, mailed once and previous only once the car is handed over and confirmed', async () => {
    const { act, detail } = stepsFor(api);
    // A pickup, so the handover is the buyer's word and nothing moves the sale on by itself.
    const deal = await readyToSign(api, sandbox(), await dealAtPayment(api, parts, 'user_good', { pickup: true }));
    await signs(api, deal.seller, deal.sellerTx, true);
    await signs(api, deal.buyer, deal.buyerTx, false);
    await expect.poll(async () => (await detail(deal.buyer, deal.buyerTx)).status, { timeout: 15_000 }).toBe('signature_done');
    expect((await detail(deal.seller, deal.sellerTx)).status).toBe('signature_done');

    const state = await signing(deal.buyer, deal.buyerTx);
    expect(state.status).toBe('completed');
    expect(state.documents.every((document: { signed: boolean }) => document.signed)).toBe(true);
    const bill = state.documents.find((document: { kind: string }) => document.kind === 'bill-of-sale');
    const signedPdf = await PDFDocument.load(await (await fetch(bill.url)).arrayBuffer());
    expect(signedPdf.getPageCount()).toBe(2); // the bill of sale and the provider's certificate page

    // Signed, they can reach each other for the handover: each sees what the other chose to share.
    const buyerSees = (await api.call('GET', `/api/transactions/${deal.buyerTx}/connection`, deal.buyer.bearer)).json().connection;
    expect(buyerSees).toMatchObject({ email: deal.seller.email, signedAt: expect.any(String) });
    const sellerSees = (await api.call('GET', `/api/transactions/${deal.sellerTx}/connection`, deal.seller.bearer)).json().connection;
    expect(sellerSees).toMatchObject({ email: null, phone: null });

    // Both flows end, but the car has not changed hands: not closed, no closing mail, still active, saying what it waits for.
    await act(deal.seller, deal.sellerTx, 'inspection skipped');
    const closingMail = async (party: { email: string }) =>
      (await api.database.db.select().from(notifications).where(eq(notifications.toEmail, party.email))).filter(
        (row) => row.subject === 'Your sale is closed',
      );
    for (const party of [deal.buyer, deal.seller]) {
      expect(await closingMail(party)).toHaveLength(0);
      const list = (await api.call('GET', '/api/transactions', party.bearer)).json();
      expect(list.previous).toEqual([]);
      expect(list.active[0].sale).toMatchObject({ stage: 'waiting for handover', closedAt: null });
    }
    expect((await detail(deal.buyer, deal.buyerTx)).next).toMatchObject({ who: 'you', action: { label: 'See the pickup' } });

    // The buyer has the car (the server tests' clock is 0 hours: delivery counts as confirmed at the handover): now it is done.
    await expect.poll(async () => (await detail(deal.buyer, deal.buyerTx)).handover.canSayReceived, { timeout: 15_000 }).toBe(true);
    await act(deal.buyer, deal.buyerTx, 'vehicle received');
    for (const party of [deal.buyer, deal.seller]) {
      expect(await closingMail(party)).toHaveLength(1);
      const list = (await api.call('GET', '/api/transactions', party.bearer)).json();
      expect(list.active).toEqual([]);
      expect(list.previous).toHaveLength(1);
      expect(list.previous[0].sale).toMatchObject({ stage: 'closed', closedAt: expect.any(String) });
    }
  });
});
