/**
 * The deal's timeline through the API, against real PGlite (or PostgreSQL), storage and the
 * provider sandboxes answering by signed webhook: a sale paid and signed reads the same to both
 * parties — both sides' steps with their actors named as the reader may see them, the providers'
 * answers, the money collected and released, the documents signed and their hashes (also in the
 * PDF) — with nothing private of the other party in it; anyone outside the deal gets 404.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DealTimeline, TimelineItem } from '../../src/domain/deal-timeline';
import { formatCents as dollars } from '../../src/domain/pricing';
import { envelopeRecipients } from '../../server/db/signing-tables';
import { listeningApi, type apiFor } from '../support/api-harness';
import { dealBetween } from '../support/deals';
import { dealAtPayment, HOME, HARBOR_LIEN, stepsFor } from '../support/payments';
import { govIdChecked, signs } from '../support/signing';
import { personFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await listeningApi(parts);
});
afterAll(() => api.close());

const sandbox = () => parts.sandbox.url;
const timelineOf = async (who: { bearer: string }, id: string) => {
  const answer = await api.call('GET', `/api/transactions/${id}/timeline`, who.bearer);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as DealTimeline;
};
const find = (timeline: DealTimeline, text: string) => timeline.items.find((item) => item.text === text);

/** A cash sale with delivery of a car with a loan on it, paid by the buyer and signed by both; the parties named Sam and Alex. */
async function paidAndSigned() {
  const { act, detail } = stepsFor(api);
  const deal = await dealAtPayment(api, parts, 'user_good', { lien: HARBOR_LIEN });
  const { seller, buyer, sellerTx, buyerTx } = deal;
  await api.call('PATCH', '/api/users/profile', seller.bearer, { firstName: 'Sam', lastName: 'Quillfeather', mobile: '+15035550101' });
  await api.call('PATCH', '/api/users/profile', buyer.bearer, { firstName: 'Alex', lastName: 'Brightwater', mobile: '+15035550102' });
  const due = deal.breakdown.dueAtSigningCents as number;
  await act(buyer, buyerTx, 'bank linked', { accountId: deal.buyerAccount.id, authorizedCents: due });
  await act(buyer, buyerTx, 'signature start');
  await act(buyer, buyerTx, 'signing started');
  await govIdChecked(api, sandbox(), buyer, buyerTx, 'approved');
  await signs(api, seller, sellerTx);
  await signs(api, buyer, buyerTx);
  await expect.poll(async () => (await detail(buyer, buyerTx)).status, { timeout: 15_000 }).toBe('signature_done');
  // Funded: the seller's lender is paid off first.
  await expect
    .poll(async () => (await timelineOf(buyer, buyerTx)).items.some((item) => item.text.includes('to pay off the car’s loan')), {
      timeout: 20_000,
    })
    .toBe(true);
  return { ...deal, due, accounts: [deal.buyerAccount, deal.sellerAccount] };
}

describe('a sale’s timeline', () => {
  it('shows both sides’ steps, the providers’ answers, the money and the signatures to both parties, in their own names', async () => {
    const deal = await paidAndSigned();
    const sellerView = await timelineOf(deal.seller, deal.sellerTx);
    const buyerView = await timelineOf(deal.buyer, deal.buyerTx);

    // One deal, one timeline: what the seller read a moment ago, the buyer reads too, in time order.
    expect(buyerView.dealId).toBe(sellerView.dealId);
    expect(buyerView.items.map((item) => item.id)).toEqual(expect.arrayContaining(sellerView.items.map((item) => item.id)));
    const times = buyerView.items.map((item) => item.at);
    expect(times).toEqual([...times].sort());

    // Each side's steps, with the actor as the reader may see them.
    expect(find(buyerView, 'Sam (seller) named the lender that holds the title.')).toMatchObject({
      actor: 'Sam (seller)',
      you: false,
      side: 'seller',
    });
    expect(find(sellerView, 'You named the lender that holds the title.')).toMatchObject({ actor: 'You', you: true, kind: 'step' });
    expect(find(sellerView, 'Alex (buyer) booked delivery of the car.')).toMatchObject({ actor: 'Alex (buyer)', side: 'buyer' });
    expect(find(buyerView, 'You booked delivery of the car.')).toMatchObject({ actor: 'You', you: true });
    // Providers by their role.
    expect(find(buyerView, 'The title desk approved the title.')).toMatchObject({ actor: 'Title desk', kind: 'provider' });
    expect(find(sellerView, 'The ID verification service verified Alex’s identity.')).toMatchObject({ actor: 'ID verification service' });
    expect(find(buyerView, 'The ID verification service approved your government ID.')).toBeDefined();

    // Money: collected from the buyer, held, and the payoff released, amounts from integer cents.
    const collected = buyerView.items.find((item) => item.kind === 'money' && item.text.startsWith('The bank collected'));
    expect(collected).toMatchObject({ actor: 'Bank', cents: deal.due });
    expect(collected!.text).toBe(`The bank collected ${dollars(deal.due)} from you; Caramel holds it.`);
    expect(find(sellerView, `The bank collected ${dollars(deal.due)} from Alex (buyer); Caramel holds it.`)).toBeDefined();
    expect(find(sellerView, 'Caramel paid $12,345.67 to your lender to pay off the car’s loan.')).toMatchObject({ cents: 1_234_567 });

    // The documents: who signed what, once collected, and each document's hashes.
    const signed = (view: DealTimeline, who: string) =>
      view.items.find((item: TimelineItem) => item.kind === 'signature' && item.text.startsWith(`${who} signed `));
    expect(signed(buyerView, 'Sam (seller)')!.text).toContain('Limited power of attorney for the title transfer');
    expect(signed(sellerView, 'Alex (buyer)')!.text).not.toContain('Limited power of attorney');
    expect(signed(buyerView, 'You')).toMatchObject({ actor: 'You', you: true });
    expect(buyerView.items.filter((item) => item.text.startsWith('The e-signature service collected every signature'))).toHaveLength(1);
    const state = (await api.call('GET', `/api/transactions/${deal.buyerTx}/signing`, deal.buyer.bearer)).json();
    expect(buyerView.documents.map((document) => document.signedSha256)).toEqual(
      state.documents.map((document: { sha256: string }) => document.sha256),
    );
    for (const document of buyerView.documents)
      expect(document).toMatchObject({ sha256: /^[0-9a-f]{64}$/, signedSha256: /^[0-9a-f]{64}$/ });
    expect(sellerView.documents).toEqual(buyerView.documents);

    // Nothing private of either party reaches the other.
    const buyerDetail = await stepsFor(api).detail(deal.buyer, deal.buyerTx);
    const sellerDetail = await stepsFor(api).detail(deal.seller, deal.sellerTx);
    const signedFrom = (await api.database.db.select().from(envelopeRecipients)).map((row) => row.signedFrom).filter(Boolean);
    const secrets = [
      deal.seller.email,
      deal.buyer.email,
      'Quillfeather',
      'Brightwater',
      '5550101',
      '5550102',
      HOME.line1,
      'Pine St',
      'AC-4417-2210',
      '4417',
      ...deal.accounts.map((account) => `••${account.mask}`),
      sellerDetail.data.identity.inquiryId,
      buyerDetail.data.identity.inquiryId,
      buyerDetail.data.signature.govId.inquiryId,
      ...signedFrom,
    ];
    // Ids and hashes are the timeline's own; a short secret like 4417 can turn up inside one by chance.
    const shown = (view: DealTimeline) =>
      JSON.stringify({
        ...view,
        transactionId: null,
        dealId: null,
        items: view.items.map((item) => ({ ...item, id: null })),
        documents: view.documents.map(({ kind, title }) => ({ kind, title })),
      });
    for (const view of [buyerView, sellerView]) for (const secret of secrets) expect(shown(view)).not.toContain(secret);

    // The PDF: the same items, then every document with its hashes as made and as signed.
    const pdf = await api.call('GET', `/api/transactions/${deal.buyerTx}/timeline.pdf?timeZone=America/Los_Angeles`, deal.buyer.bearer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="caramel-timeline-.+\.pdf"$/);
    const { text: pages } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    // Lines wrap where the page ends them: compare words, not line breaks.
    const text = pages.replace(/\s+/g, ' ');
    expect(text).toContain('Timeline of the sale');
    expect(text).toContain('times are in America/Los_Angeles');
    expect(text).toContain('Sam (seller) named the lender that holds the title.');
    expect(text).toContain(`The bank collected ${dollars(deal.due)} from you; Caramel holds it.`);
    for (const document of buyerView.documents) {
      expect(text).toContain(document.title);
      expect(text).toContain(`SHA-256 as made: ${document.sha256}`);
      expect(text).toContain(`SHA-256 as signed: ${document.signedSha256}`);
    }
  }, 120_000);

  it('is not found for anyone outside the deal, and refuses a bad id or time zone', async () => {
    const { buyer, buyerTx } = await dealBetween(api, parts.identity);
    const stranger = await personFor(parts.identity, 'stranger');
    for (const path of ['timeline', 'timeline.pdf']) {
      const answer = await api.call('GET', `/api/transactions/${buyerTx}/${path}`, stranger.bearer);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ message: 'Transaction not found.' });
      expect((await api.call('GET', `/api/transactions/${buyerTx}/${path}`)).statusCode).toBe(401);
      expect((await api.call('GET', `/api/transactions/not-an-id/${path}`, buyer.bearer)).statusCode).toBe(400);
    }
    const zone = await api.call('GET', `/api/transactions/${buyerTx}/timeline.pdf?timeZone=Mars/Olympus_Mons`, buyer.bearer);
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toMatchObject({ field: 'timeZone' });
    // A deal just agreed: its opening, in the buyer's words; no documents yet.
    const fresh = await timelineOf(buyer, buyerTx);
    expect(fresh.items.map((item) => item.text)).toEqual([
      'Caramel opened the sale of the 2005 Buick for $20,000 between the seller and you.',
    ]);
    expect(fresh.documents).toEqual([]);
  });
});
