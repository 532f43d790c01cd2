/**
 * The seller's self-inspection reaches the buyer: the report in the buyer's transaction and the
 * photos it shows readable by them — once the seller has finished it, and by no one else.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { INSPECTION_AREAS, inspectionSlot, type InspectionArea } from '../../src/domain/seller-events';
import { listeningApi, type apiFor } from '../support/api-harness';
import { until } from '../support/api-caller';
import { uploadedDocument } from '../support/deals';
import { personFor } from '../support/tokens';
import { dealAtPayment, stepsFor } from '../support/payments';
import { readyToSign, signs } from '../support/signing';

const parts = inject('parts');
vi.setConfig({ testTimeout: 120_000 });
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await listeningApi(parts);
});
afterAll(() => api.close());

describe('the seller’s inspection, shared with the buyer', () => {
  it('reaches the buyer with its photos once the seller is done; a stranger reads nothing', async () => {
    const { act, detail } = stepsFor(api);
    const deal = await readyToSign(api, parts.sandbox.url, await dealAtPayment(api, parts));
    await signs(api, deal.seller, deal.sellerTx);
    await signs(api, deal.buyer, deal.buyerTx);
    await until(async () => (await detail(deal.seller, deal.sellerTx)).status, 'signature_done', 45_000, 'both signatures');

    const areas = Object.keys(INSPECTION_AREAS) as InspectionArea[];
    const photos = [];
    for (const area of areas)
      photos.push({ ...(await uploadedDocument(api, deal.seller, deal.sellerTx, inspectionSlot(area), `${area}.jpg`)), area });
    await act(deal.seller, deal.sellerTx, 'inspection submitted', { photos, damage: [] });
    await until(async () => (await detail(deal.seller, deal.sellerTx)).status, 'inspection_completed', 20_000, 'the report');

    const front = photos[0]!.documentKey;
    const read = (who: { bearer: string }) => api.call('GET', `/api/documents/object?key=${encodeURIComponent(front)}`, who.bearer);
    // Still the seller's to read first.
    expect((await detail(deal.buyer, deal.buyerTx)).sellerInspection).toBeNull();
    expect((await read(deal.buyer)).statusCode).toBe(404);

    await act(deal.seller, deal.sellerTx, 'inspection done');
    const shared = (await detail(deal.buyer, deal.buyerTx)).sellerInspection;
    expect(shared.findings.map((finding: { documentKey: string }) => finding.documentKey)).toContain(front);
    const answer = await read(deal.buyer);
    expect(answer.statusCode).toBe(200);
    expect((await fetch(answer.json().url)).ok).toBe(true);

    const stranger = await personFor(parts.identity, 'stranger');
    expect((await read(stranger)).statusCode).toBe(404);
  });
});
