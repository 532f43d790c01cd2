/**
 * An offer, a partner's deal or a dealer's sale sent to an e-mail address reaches whoever proves
 * that address is theirs: an account that verified it has it at once — listed, told and live —
 * and an address with no account yet becomes the account's when it is verified at sign-up, with
 * no link to open first. An address merely typed into a token without verification never does.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listeningApi } from '../support/api-harness';
import { dealersOf, financedSale } from '../support/dealers';
import { SALE } from '../support/deals';
import { openLiveStream, noticeOf } from '../support/live-stream';
import { bearerFor, mintIdToken, personFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof listeningApi>>;

beforeAll(async () => void (api = await listeningApi(parts)));
afterAll(() => api.close());

const offersOf = async (who: { bearer: string }) => (await api.call('GET', '/api/offers', who.bearer)).json();
const notificationsOf = async (who: { bearer: string }) => (await api.call('GET', '/api/notifications', who.bearer)).json().notifications;

/** A signed-up person: their first call made their account, with the e-mail the pool verified (or not). */
async function signedUp(label: string, verified = true) {
  const sub = randomUUID();
  const email = `${label}-${sub.slice(0, 8)}@example.com`;
  const bearer = `Bearer ${await mintIdToken(parts.identity, { email, email_verified: verified }, { subject: sub })}`;
  expect((await api.call('GET', '/api/users/profile', bearer)).statusCode).toBe(200);
  return { email, bearer, sub };
}

describe('an offer sent to an e-mail', () => {
  it('reaches the account that verified it at once: in its offers, told, and on its open screen', async () => {
    const seller = await personFor(parts.identity, 'seller');
    const buyer = await signedUp('buyer');
    const stream = await openLiveStream(api.url, buyer.bearer);
    await stream.next((event) => event.event === 'ready');
    const sale = (await api.call('POST', '/api/offers', seller.bearer, { ...SALE, counterpartyEmail: buyer.email })).json();
    expect(sale.shareUrl).toBeTruthy();

    await stream.next((event) => event.event === 'change' && noticeOf(event).kind === 'negotiation' && noticeOf(event).id === sale.id);
    expect((await offersOf(buyer)).received).toContainEqual(expect.objectContaining({ id: sale.id, myRole: 'buyer' }));
    expect(await notificationsOf(buyer)).toContainEqual(
      expect.objectContaining({
        kind: 'offer received',
        subject: 'An offer of $20,000 for a 2005 Buick',
        link: `/dashboard/caramel-offers?offer=${sale.id}`,
      }),
    );
    stream.close();
  });

  it('becomes the account’s once that address is verified at sign-up, with no link opened', async () => {
    const seller = await personFor(parts.identity, 'seller');
    const sub = randomUUID();
    const email = `later-${sub.slice(0, 8)}@example.com`;
    const sale = (await api.call('POST', '/api/offers', seller.bearer, { ...SALE, counterpartyEmail: email })).json();

    // Signed up, the address not verified yet: the offer stays with the address.
    const unverified = `Bearer ${await mintIdToken(parts.identity, { email, email_verified: false }, { subject: sub })}`;
    expect((await offersOf({ bearer: unverified })).received).toEqual([]);
    // The pool verified it: the offer is theirs, with what it was told.
    const verified = `Bearer ${await mintIdToken(parts.identity, { email, email_verified: true }, { subject: sub })}`;
    expect((await offersOf({ bearer: verified })).received).toContainEqual(expect.objectContaining({ id: sale.id }));
    expect(await notificationsOf({ bearer: verified })).toContainEqual(expect.objectContaining({ kind: 'offer received' }));
  });

  it('is not anyone’s whose token only names the address', async () => {
    const seller = await personFor(parts.identity, 'seller');
    const owner = await signedUp('owner', false);
    const sale = (await api.call('POST', '/api/offers', seller.bearer, { ...SALE, counterpartyEmail: owner.email })).json();
    expect((await offersOf(owner)).received.map((row: { id: string }) => row.id)).not.toContain(sale.id);
  });
});

describe('a deal made for an e-mail', () => {
  it('a partner’s deal and a dealer’s sale are the named account’s at once', async () => {
    const admin = await bearerFor(parts.identity, ['admin']);
    const buyer = await signedUp('buyer');
    const seller = await signedUp('seller');
    const { key } = (await api.call('POST', '/api/admin/partner-keys', admin, { source: 'auction-site', label: 'auctions' })).json();
    const made = await api.call('POST', '/api/partner/deals', `Bearer ${key}`, {
      idempotencyKey: randomUUID(),
      partnerUid: 'AU-9',
      vehicle: { vin: '1G4AH59H45G118341', mileage: 84_000 },
      sellerEmail: seller.email,
      buyerEmail: buyer.email,
      priceDollars: 18_500,
    });
    expect(made.statusCode, made.body).toBe(201);
    for (const [who, side] of [
      [buyer, 'buyer'],
      [seller, 'seller'],
    ] as const) {
      const { active } = (await api.call('GET', '/api/transactions', who.bearer)).json();
      expect(active).toContainEqual(expect.objectContaining({ dealId: made.json().dealId, side }));
      expect(await notificationsOf(who)).toContainEqual(expect.objectContaining({ kind: 'partner deal', link: '/dashboard' }));
    }

    const { newDealer } = dealersOf(() => api, parts.identity);
    const dealer = await newDealer(admin);
    const customer = await signedUp('customer');
    const sale = await api.call('POST', '/api/dealer/sales', dealer.bearer, financedSale('123450009', customer.email));
    expect(sale.statusCode, sale.body).toBe(201);
    const { active } = (await api.call('GET', '/api/transactions', customer.bearer)).json();
    expect(active).toContainEqual(expect.objectContaining({ dealId: sale.json().dealId, side: 'buyer', flow: 'payment-first' }));
  });
});
