/**
 * The handover record (issue 34) against the real API, storage and sandboxes: once both parties
 * have signed, each records the odometer, the car's sides and whether the keys and title changed
 * hands — once, with a key; the server stamps the time and each photo's SHA-256 as stored, which
 * both parties read, with the record in the deal's timeline and its PDF; nobody else reads it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { notifications } from '../../server/db/schema';
import { HANDOVER_SLOTS } from '../../src/domain/handover';
import { listeningApi } from '../support/api-harness';
import { uploadedDocument } from '../support/deals';
import { dealAtPayment, stepsFor } from '../support/payments';
import { bothSign } from '../support/signing';
import { personFor } from '../support/tokens';

const parts = inject('parts');
vi.setConfig({ testTimeout: 120_000 });
let api: Awaited<ReturnType<typeof listeningApi>>;

beforeAll(async () => {
  api = await listeningApi(parts);
});
afterAll(() => api.close());

/** The bytes uploadedDocument stores for `fileName`, hashed as the record should. */
const sha256Of = (fileName: string) =>
  createHash('sha256')
    .update(Buffer.from(`\xff\xd8\xff\xe0 a photo of ${fileName}`, 'latin1'))
    .digest('hex');

async function photosOf(who: { bearer: string }, transactionId: string, label: string) {
  return Promise.all(
    HANDOVER_SLOTS.map(async (slot) => {
      const { documentKey, fileName } = await uploadedDocument(api, who, transactionId, slot, `${label}-${slot}.jpg`);
      return { slot, documentKey, fileName };
    }),
  );
}

describe('the handover record', () => {
  it('is each party’s own, once both signed: stamped, hashed, in both timelines and the PDF, and closed to anyone else', async () => {
    const deal = await dealAtPayment(api, parts);
    const { buyer, seller, buyerTx, sellerTx } = deal;
    const record = (who: { bearer: string }, transactionId: string, photos: object[], idempotencyKey: string = randomUUID()) =>
      api.call('POST', `/api/transactions/${transactionId}/handover`, who.bearer, {
        odometerMiles: 84_120,
        keysHandedOver: true,
        titleHandedOver: true,
        photos,
        idempotencyKey,
      });
    const sellerPhotos = await photosOf(seller, sellerTx, 'seller');
    const early = await record(seller, sellerTx, sellerPhotos);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The handover is recorded once both of you have signed.');

    await stepsFor(api).act(buyer, buyerTx, 'bank linked', {
      accountId: deal.buyerAccount.id,
      authorizedCents: deal.breakdown.dueAtSigningCents,
    });
    await bothSign(api, parts.sandbox.url, deal);

    // A photo that is not the party's own, or is in another slot, is refused; so is one missing.
    const buyerPhotos = await photosOf(buyer, buyerTx, 'buyer');
    const foreign = await record(seller, sellerTx, [...sellerPhotos.slice(1), { ...buyerPhotos[0]! }]);
    expect(foreign.statusCode, foreign.body).toBe(422);
    const [odometer, front, back, ...rest] = sellerPhotos;
    const swapped = [{ ...odometer!, slot: back!.slot }, front!, { ...back!, slot: odometer!.slot }, ...rest];
    expect((await record(seller, sellerTx, swapped)).statusCode).toBe(422);
    expect((await record(seller, sellerTx, sellerPhotos.slice(1))).statusCode).toBe(400);

    const key = randomUUID();
    const made = await record(seller, sellerTx, sellerPhotos, key);
    expect(made.statusCode).toBe(201);
    const again = await record(seller, sellerTx, sellerPhotos, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, recordedAt: made.json().recordedAt });
    expect((await record(seller, sellerTx, sellerPhotos)).json().message).toBe('You have recorded the handover already.');

    const seen = (await api.call('GET', `/api/transactions/${buyerTx}/handover`, buyer.bearer)).json();
    expect(seen.canRecord).toBe(true);
    expect(seen.records).toEqual([
      expect.objectContaining({
        side: 'seller',
        odometerMiles: 84_120,
        keysHandedOver: true,
        titleHandedOver: true,
        recordedAt: made.json().recordedAt,
      }),
    ]);
    expect(seen.records[0].photos.map((photo: { slot: string; sha256: string }) => [photo.slot, photo.sha256])).toEqual(
      sellerPhotos.map((photo) => [photo.slot, sha256Of(photo.fileName)]),
    );
    expect((await record(buyer, buyerTx, buyerPhotos)).statusCode).toBe(201);
    expect((await api.call('GET', `/api/transactions/${sellerTx}/handover`, seller.bearer)).json()).toMatchObject({
      canRecord: false,
      records: [{ side: 'seller' }, { side: 'buyer' }].map((side) => expect.objectContaining(side)),
    });

    // The other party is told; the timeline and its PDF carry both, the PDF with every photo's SHA-256.
    const buyerId = (await api.call('GET', '/api/users/profile', buyer.bearer)).json().uid;
    expect(await api.database.db.select().from(notifications).where(eq(notifications.userId, buyerId))).toContainEqual(
      expect.objectContaining({ kind: 'handover recorded', link: `/dashboard/active-transactions/track-delivery/${buyerTx}` }),
    );
    const timeline = (await api.call('GET', `/api/transactions/${buyerTx}/timeline`, buyer.bearer)).json();
    expect(timeline.items.map((item: { text: string }) => item.text)).toEqual(
      expect.arrayContaining([
        'You recorded the handover: the odometer at 84,120 miles, 5 photos, the keys and the title handed over.',
        expect.stringMatching(/recorded the handover: the odometer at 84,120 miles, 5 photos, the keys and the title handed over\.$/),
      ]),
    );
    const pdf = await api.call('GET', `/api/transactions/${sellerTx}/timeline.pdf`, seller.bearer);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain('Handover records');
    for (const photo of [...sellerPhotos, ...buyerPhotos]) expect(text.replace(/\s+/g, '')).toContain(sha256Of(photo.fileName));

    const outsider = await personFor(parts.identity, 'outsider');
    expect((await api.call('GET', `/api/transactions/${buyerTx}/handover`, outsider.bearer)).statusCode).toBe(404);
    expect((await record(outsider, buyerTx, buyerPhotos)).statusCode).toBe(404);
  });
});
