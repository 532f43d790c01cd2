/**
 * Delivery confirmation and disputes (issue 34) against the real API, storage and sandboxes, with
 * the 48-hour clock the product ships with: the money that waits on delivery stays held after the
 * handover until the buyer confirms, the clock runs out (moved on by the local stack's dev route),
 * or an admin decides the buyer's case — a partial refund out of the seller's second payout, or a
 * full refund once the car is back. The ledger's invariants are checked when the API closes.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { notifications } from '../../server/db/schema';
import { balancesOf, isBalanced, moneyTotals } from '../../src/domain/ledger-rules';
import { listeningApi } from '../support/api-harness';
import { uploadedDocument } from '../support/deals';
import { saleDelivered } from '../support/delivery';
import { ledgerOf } from '../support/payments';
import { bearerFor, personFor } from '../support/tokens';

const parts = inject('parts');
vi.setConfig({ testTimeout: 180_000 });
let api: Awaited<ReturnType<typeof listeningApi>>;

beforeAll(async () => {
  api = await listeningApi(parts, undefined, {}, { DELIVERY_CONFIRMATION_HOURS: '48' });
});
afterAll(() => api.close());

type Who = { bearer: string };
const get = async (who: Who, path: string) => (await api.call('GET', path, who.bearer)).json();
const delivery = (who: Who, transactionId: string) => get(who, `/api/transactions/${transactionId}/delivery`);
const post = (who: Who, path: string, body: object = {}) => api.call('POST', path, who.bearer, body);
const confirm = (who: Who, transactionId: string, idempotencyKey: string = randomUUID()) =>
  post(who, `/api/transactions/${transactionId}/delivery/confirm`, { idempotencyKey });
const advance = (who: Who, transactionId: string, advanceHours: number) =>
  post(who, `/api/dev/transactions/${transactionId}/delivery-clock`, { advanceHours });
const sha256Of = (fileName: string) =>
  createHash('sha256')
    .update(Buffer.from(`\xff\xd8\xff\xe0 a photo of ${fileName}`, 'latin1'))
    .digest('hex');

const deliveredSale = () => saleDelivered(api, parts);

const secondPayout = async (sale: Awaited<ReturnType<typeof deliveredSale>>) =>
  (await sale.detail(sale.seller, sale.sellerTx)).money.items.find((item: { label: string }) =>
    item.label.startsWith('Your second payout'),
  );

async function ledgerBalanced(dealId: string) {
  const { journals } = await ledgerOf(api, dealId);
  expect(journals.every(isBalanced)).toBe(true);
  const totals = moneyTotals(journals);
  expect(totals.held + totals.released + totals.refunded).toBe(totals.collected);
  return { journals, totals, balances: balancesOf(journals) };
}

describe('delivery confirmation', () => {
  it('holds the rest of the payout after the handover until the buyer confirms; then it is released at once', async () => {
    const sale = await deliveredSale();
    const { buyer, seller, buyerTx, sellerTx } = sale;
    const seen = await delivery(buyer, buyerTx);
    expect(seen).toMatchObject({ side: 'buyer', confirmedAt: null, canConfirm: true, canRaiseProblem: true, dispute: null });
    expect(Date.parse(seen.releasesAt) - Date.parse(seen.handedOverAt)).toBe(48 * 3_600_000);
    expect(await delivery(seller, sellerTx)).toMatchObject({ side: 'seller', releasesAt: seen.releasesAt, canConfirm: false });
    expect((await secondPayout(sale))?.state).toBe('scheduled');
    // The buyer is told the car is handed over and what to do within the time.
    const buyerId = (await get(buyer, '/api/users/profile')).uid;
    expect(await api.database.db.select().from(notifications).where(eq(notifications.userId, buyerId))).toContainEqual(
      expect.objectContaining({
        kind: 'delivery started',
        subject: 'The car is handed over: check it',
        body: expect.stringContaining('within 48 hours'),
      }),
    );

    // Only the buyer confirms; a repeated key answers the same, a new one is refused once it is done.
    expect((await confirm(seller, sellerTx)).statusCode).toBe(403);
    const key = randomUUID();
    const confirmed = await confirm(buyer, buyerTx, key);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({ confirmedBy: 'buyer', releasesAt: null, canConfirm: false, canRaiseProblem: false });
    expect((await confirm(buyer, buyerTx, key)).statusCode).toBe(200);
    const late = await confirm(buyer, buyerTx);
    expect([late.statusCode, late.json().message]).toEqual([409, 'Delivery is confirmed already.']);

    await expect.poll(async () => (await secondPayout(sale))?.state, { timeout: 20_000 }).toBe('settled');
    const { totals } = await ledgerBalanced(sale.dealId);
    expect(totals.held).toBe(0);
    const sellerId = (await get(seller, '/api/users/profile')).uid;
    expect(await api.database.db.select().from(notifications).where(eq(notifications.userId, sellerId))).toContainEqual(
      expect.objectContaining({ kind: 'delivery confirmed', subject: 'Delivery is confirmed' }),
    );
    const timeline = await get(seller, `/api/transactions/${sellerTx}/timeline`);
    expect(timeline.items.map((item: { text: string }) => item.text)).toContainEqual(
      expect.stringMatching(/confirmed delivery: the car is as described\.$/),
    );
  });

  it('releases when the clock runs out with no problem raised, once, and not a minute before', async () => {
    const sale = await deliveredSale();
    const { buyer, seller, buyerTx, sellerTx } = sale;
    const moved = await advance(seller, sellerTx, 47);
    expect(moved.statusCode, moved.body).toBe(200);
    const seen = await delivery(buyer, buyerTx);
    expect(seen.confirmedAt).toBeNull();
    expect(Date.parse(seen.releasesAt) - Date.now()).toBeLessThanOrEqual(3_600_000);
    expect((await secondPayout(sale))?.state).toBe('scheduled');
    // With an hour left the buyer has been reminded, once, whoever looks again.
    const buyerId = (await get(buyer, '/api/users/profile')).uid;
    const reminders = async () =>
      (await api.database.db.select().from(notifications).where(eq(notifications.userId, buyerId))).filter(
        (notice) => notice.kind === 'delivery reminder',
      );
    expect(await reminders()).toEqual([expect.objectContaining({ subject: '12 hours left to check the car' })]);
    expect((await advance(seller, sellerTx, 0.25)).statusCode).toBe(200);
    expect(await reminders()).toHaveLength(1);

    expect((await advance(seller, sellerTx, 1)).statusCode).toBe(200);
    expect(await delivery(buyer, buyerTx)).toMatchObject({ confirmedBy: 'clock', releasesAt: null, canRaiseProblem: false });
    await expect.poll(async () => (await secondPayout(sale))?.state, { timeout: 20_000 }).toBe('settled');
    // Moving it on again moves no money twice.
    expect((await advance(seller, sellerTx, 48)).statusCode).toBe(200);
    const { journals } = await ledgerBalanced(sale.dealId);
    expect(journals.filter((journal) => journal.reason === 'seller payout 2')).toHaveLength(1);
    expect((await advance(await personFor(parts.identity, 'outsider'), sellerTx, 1)).statusCode).toBe(404);
  });
});

describe('a dispute', () => {
  it('holds the money through the clock; both add evidence; an admin’s partial refund comes out of the seller’s payout', async () => {
    const sale = await deliveredSale();
    const { buyer, seller, buyerTx, sellerTx } = sale;
    const admin = { bearer: await bearerFor(parts.identity, ['admin']) };
    const photo = await uploadedDocument(api, buyer, buyerTx, 'dispute-evidence', 'scratch.jpg');
    const problem = {
      reason: 'Damage not disclosed',
      description: 'A deep scratch along the passenger door, not in the listing photos.',
      photos: [{ slot: 'dispute-evidence', documentKey: photo.documentKey, fileName: photo.fileName }],
    };
    expect((await post(seller, `/api/transactions/${sellerTx}/dispute`, { ...problem, idempotencyKey: randomUUID() })).statusCode).toBe(
      403,
    );
    const bad = await post(buyer, `/api/transactions/${buyerTx}/dispute`, { ...problem, reason: 'Bored', idempotencyKey: randomUUID() });
    expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringContaining('reason')]);
    const raised = await post(buyer, `/api/transactions/${buyerTx}/dispute`, { ...problem, idempotencyKey: randomUUID() });
    expect(raised.statusCode, raised.body).toBe(201);
    expect(raised.json()).toMatchObject({ releasesAt: null, canConfirm: false, canRaiseProblem: false, dispute: { status: 'open' } });

    // The clock running out does not release what a case holds.
    expect((await advance(buyer, buyerTx, 48)).statusCode).toBe(200);
    expect((await delivery(buyer, buyerTx)).confirmedAt).toBeNull();
    expect((await secondPayout(sale))?.state).toBe('scheduled');

    // The seller answers with a photo of their own; each reads the other's evidence, an outsider nothing.
    const theirs = await uploadedDocument(api, seller, sellerTx, 'dispute-evidence', 'listing.jpg');
    const added = await post(seller, `/api/transactions/${sellerTx}/dispute/evidence`, {
      note: 'The scratch is in the sixth listing photo.',
      photos: [{ slot: 'dispute-evidence', documentKey: theirs.documentKey, fileName: theirs.fileName }],
      idempotencyKey: randomUUID(),
    });
    expect(added.statusCode, added.body).toBe(201);
    const read = await api.call('GET', `/api/documents/object?key=${encodeURIComponent(theirs.documentKey)}`, buyer.bearer);
    expect(read.statusCode, read.body).toBe(200);
    const outsider = await personFor(parts.identity, 'outsider');
    expect((await api.call('GET', `/api/documents/object?key=${encodeURIComponent(theirs.documentKey)}`, outsider.bearer)).statusCode).toBe(
      404,
    );
    expect((await api.call('GET', `/api/transactions/${buyerTx}/delivery`, outsider.bearer)).statusCode).toBe(404);
    const sellerCase = (await delivery(seller, sellerTx)).dispute;
    expect(sellerCase.evidence.map((piece: { side: string; by: string }) => [piece.side, piece.by])).toEqual([
      ['buyer', expect.stringMatching(/buyer/)],
      ['seller', 'you'],
    ]);
    expect(sellerCase.evidence.flatMap((piece: { photos: { sha256: string }[] }) => piece.photos.map((file) => file.sha256))).toEqual([
      sha256Of('scratch.jpg'),
      sha256Of('listing.jpg'),
    ]);

    // The admin decides: only an admin, within what is held, naming what is missing.
    const { disputes } = await get(admin, '/api/admin/disputes');
    const disputeId = disputes.find((item: { id: string; status: string }) => item.status === 'open' && item.id === sellerCase.id).id;
    const decide = (who: Who, body: object) =>
      post(who, `/api/admin/disputes/${disputeId}/decision`, {
        reason: 'The scratch was not disclosed.',
        idempotencyKey: randomUUID(),
        ...body,
      });
    expect((await decide(seller, { decision: 'release' })).statusCode).toBe(403);
    const missing = await decide(admin, { decision: 'partial refund' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, expect.stringContaining('refundCents')]);
    const held = sellerCase.heldForSellerCents;
    expect(held).toBeGreaterThan(0);
    expect((await decide(admin, { decision: 'partial refund', refundCents: held })).statusCode).toBe(422);
    const decided = await decide(admin, { decision: 'partial refund', refundCents: 45_000 });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().case).toMatchObject({ status: 'partly refunded', decision: { decision: 'partial refund', refundCents: 45_000 } });
    expect((await decide(admin, { decision: 'release' })).statusCode).toBe(409);
    const tooLate = await post(seller, `/api/transactions/${sellerTx}/dispute/evidence`, {
      note: 'One more thing to add.',
      photos: [],
      idempotencyKey: randomUUID(),
    });
    expect(tooLate.statusCode).toBe(409);

    await expect.poll(async () => (await secondPayout(sale))?.state, { timeout: 20_000 }).toBe('settled');
    expect((await secondPayout(sale))?.cents).toBe(held - 45_000);
    const buyerMoney = (await sale.detail(buyer, buyerTx)).money.items;
    expect(buyerMoney).toContainEqual(expect.objectContaining({ label: 'Refunded to you after the dispute', cents: 45_000 }));
    const { totals } = await ledgerBalanced(sale.dealId);
    expect(totals).toMatchObject({ held: 0, refunded: 45_000 });

    // Both are told; the case is in both timelines and the PDF, with each file's SHA-256.
    const buyerId = (await get(buyer, '/api/users/profile')).uid;
    expect(await api.database.db.select().from(notifications).where(eq(notifications.userId, buyerId))).toContainEqual(
      expect.objectContaining({ kind: 'dispute decided', link: `/dashboard/active-transactions/problem/${buyerTx}` }),
    );
    const texts = (await get(seller, `/api/transactions/${sellerTx}/timeline`)).items.map((item: { text: string }) => item.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/raised a problem with the car \(Damage not disclosed\)/),
        'You added to the case: “The scratch is in the sixth listing photo.” (1 file).',
        expect.stringMatching(/^Caramel decided the case: a refund of \$450 to the buyer, the rest to the seller \(“The scratch/),
      ]),
    );
    // The decision comes before the money it moved; the buyer is told once, by the decision (not also by "delivery confirmed").
    const decisionAt = texts.findIndex((text: string) => text.startsWith('Caramel decided the case'));
    expect(decisionAt).toBeLessThan(
      texts.findIndex((text: string) => text.includes('as the dispute’s decision') || text.includes("as the dispute's decision")),
    );
    expect(
      (await api.database.db.select().from(notifications).where(eq(notifications.userId, buyerId))).map((notice) => notice.kind),
    ).not.toContain('delivery confirmed');
    const pdf = await api.call('GET', `/api/transactions/${buyerTx}/timeline.pdf`, buyer.bearer);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('The case about the car');
    for (const name of ['scratch.jpg', 'listing.jpg']) expect(text.replace(/\s+/g, '')).toContain(sha256Of(name));
  });

  it('refunds the buyer in full once the car is back: the seller’s first payout is taken back', async () => {
    const sale = await deliveredSale();
    const { buyer, buyerTx } = sale;
    const admin = { bearer: await bearerFor(parts.identity, ['admin']) };
    const raised = await post(buyer, `/api/transactions/${buyerTx}/dispute`, {
      reason: 'Mechanical problem',
      description: 'The gearbox slips from third to fourth on the drive home.',
      photos: [],
      idempotencyKey: randomUUID(),
    });
    const disputeId = raised.json().dispute.id;
    const decide = (body: object) =>
      post(admin, `/api/admin/disputes/${disputeId}/decision`, {
        reason: 'The gearbox fails; the car went back.',
        idempotencyKey: randomUUID(),
        ...body,
      });
    const notBack = await decide({ decision: 'full refund' });
    expect([notBack.statusCode, notBack.json().message]).toEqual([400, expect.stringContaining('carReturned')]);
    expect((await decide({ decision: 'full refund', carReturned: true })).statusCode).toBe(200);

    await expect
      .poll(async () => (await ledgerOf(api, sale.dealId)).transfers.filter((row) => row.status === 'pending').length, { timeout: 30_000 })
      .toBe(0);
    const { totals, balances } = await ledgerBalanced(sale.dealId);
    expect(totals.held).toBe(0);
    expect(balances.buyer ?? 0).toBe(0); // everything the buyer paid is back
    // What the seller was paid (the title's half) is taken back from their account.
    expect((balances['seller payout'] ?? 0) + (balances.seller ?? 0)).toBe(0);
    const recovered = (await ledgerOf(api, sale.dealId)).transfers.filter((row) => row.purpose === 'seller recovery');
    expect(recovered.map((row) => row.status)).toEqual(['settled']);
    expect((await delivery(buyer, buyerTx)).dispute.status).toBe('refunded');
  });
});
