/** Sales and $20,000 deals made through the API between new people, for server tests. */
import type { apiFor } from './api-harness';
import type { LocalParts } from './local-parts';
import { personFor } from './tokens';

type Api = Awaited<ReturnType<typeof apiFor>>;

/** What a seller sends to start a $20,000 sale. */
export const SALE = { vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 }, amount: 20_000, role: 'seller' } as const;

/** A new seller's sale: its negotiation id, share-link token and the offer a visitor answers. */
export async function saleByNewSeller(api: Api, identity: LocalParts['identity']) {
  const seller = await personFor(identity, 'seller');
  const sale = (await api.call('POST', '/api/offers', seller.bearer, SALE)).json();
  return {
    seller,
    id: sale.id as string,
    token: new URL(sale.shareUrl).searchParams.get('token')!,
    offerId: sale.latestOffer.id as string,
  };
}

/** Answers both people and each side's transaction id. */
export async function dealBetween(api: Api, identity: LocalParts['identity']) {
  const call = api.call;
  const person = (label: string) => personFor(identity, label);
  const seller = await person('seller');
  const buyer = await person('buyer');
  const sale = (
    await call('POST', '/api/offers', seller.bearer, {
      vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 },
      amount: 20_000,
      role: 'seller',
    })
  ).json();
  const token = new URL(sale.shareUrl).searchParams.get('token');
  await call('POST', `/api/public/offer-links/${token}/actions`, undefined, {
    action: 'accept',
    email: buyer.email,
    latestOfferId: sale.latestOffer.id,
  });
  await call('POST', '/api/offers/link-account', buyer.bearer);
  const buyerList = (await call('GET', '/api/transactions', buyer.bearer)).json();
  const sellerList = (await call('GET', '/api/transactions', seller.bearer)).json();
  return { seller, buyer, buyerTx: buyerList.active[0].id as string, sellerTx: sellerList.active[0].id as string, buyerList, sellerList };
}
