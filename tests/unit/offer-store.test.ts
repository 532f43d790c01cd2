import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/data/db';
import { saveOfferLists, storeNegotiation } from '../../src/data/records/offer-store';
import type { NegotiationSummary } from '../../src/domain/offer-contract';

// Only what the store reads; the rest of a negotiation plays no part in which copy is kept.
const offer = (id: string, version: number, amount = 7_500) =>
  ({
    id,
    version,
    status: 'open',
    myRole: 'buyer',
    dealId: null,
    viaMyCode: false,
    updatedAt: new Date(0).toISOString(),
    vehicle: { year: 2005, make: 'Buick', model: 'LaCrosse', mileage: 91_000, confirmed: false },
    latestOffer: { id: `${id}-o`, amount, fromRole: 'buyer', expiresAt: new Date(0).toISOString(), madeAt: new Date(0).toISOString() },
  }) as unknown as NegotiationSummary;

const lists = (...sent: NegotiationSummary[]) => ({ received: [], sent, closed: [] });

describe('saving the offers the API answered', () => {
  beforeEach(async () => {
    await db.negotiations.clear();
    await db.outbox.clear();
  });

  it('a list asked for before a new offer’s answer was saved keeps that offer, and the start it came from', async () => {
    const askedAt = Date.now() - 1;
    // The new offer's own answer lands while the list is on its way.
    await storeNegotiation(offer('n-1', 1), { startedWith: 'key-1' });
    await saveOfferLists(lists(), askedAt);
    expect(await db.negotiations.get('n-1')).toMatchObject({ version: 1, startedWith: 'key-1' });
  });

  it('an older list rolls back nothing saved since it was asked for', async () => {
    const askedAt = Date.now() - 1;
    await storeNegotiation(offer('n-1', 3, 8_000));
    await saveOfferLists(lists(offer('n-1', 2, 7_500)), askedAt);
    expect(await db.negotiations.get('n-1')).toMatchObject({ version: 3, latestOffer: { amount: 8_000 } });
  });

  it('a list asked for afterwards is the truth: what it no longer has goes, what it has replaces the copy', async () => {
    await storeNegotiation(offer('gone', 1));
    await storeNegotiation(offer('n-1', 1), { startedWith: 'key-1' });
    await saveOfferLists(lists(offer('n-1', 2, 9_000)), Date.now() + 1);
    expect(await db.negotiations.get('gone')).toBeUndefined();
    expect(await db.negotiations.get('n-1')).toMatchObject({ version: 2, latestOffer: { amount: 9_000 }, startedWith: 'key-1' });
  });

  it('an older answer for one offer never replaces a newer copy', async () => {
    await storeNegotiation(offer('n-1', 4, 8_500));
    await storeNegotiation(offer('n-1', 3, 8_000), { shareUrl: 'https://example.com/o/1' });
    expect(await db.negotiations.get('n-1')).toMatchObject({
      version: 4,
      latestOffer: { amount: 8_500 },
      shareUrl: 'https://example.com/o/1',
    });
  });
});
