/** A $20,000 deal made through the API between a new seller and a new buyer, for server tests. */
import type { apiFor } from './api-harness';
import type { LocalParts } from './local-parts';
import { personFor } from './tokens';

type Api = Awaited<ReturnType<typeof apiFor>>;

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
