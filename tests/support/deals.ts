/** Sales and $20,000 deals made through the API between new people, for server tests. */
import { randomUUID } from 'node:crypto';
import type { ApiCaller } from './api-caller';
import type { LocalParts } from './local-parts';
import { personFor } from './tokens';

type Api = ApiCaller;

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

/** A seller's offer at `amount` sent to a buyer by e-mail, attached to the buyer's account: the sale as the seller saw it. */
export async function offerBetween(api: Api, seller: { bearer: string }, buyer: { email: string; bearer: string }, amount: number) {
  const sale = (await api.call('POST', '/api/offers', seller.bearer, { ...SALE, amount, counterpartyEmail: buyer.email })).json();
  await api.call('POST', '/api/offers/link-account', buyer.bearer);
  return sale as { id: string; latestOffer: { id: string } };
}

/** Answers both people, the negotiation (its thread) and each side's transaction id. */
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
  return {
    seller,
    buyer,
    negotiationId: sale.id as string,
    buyerTx: buyerList.active[0].id as string,
    sellerTx: sellerList.active[0].id as string,
    buyerList,
    sellerList,
  };
}

/** Sends a step action as `who`, based on the transaction's current version unless told otherwise. */
export async function actAs(
  api: Api,
  who: { bearer: string },
  id: string,
  event: string,
  payload: object = {},
  options: { key?: string; version?: number } = {},
) {
  const version = options.version ?? ((await api.call('GET', `/api/transactions/${id}`, who.bearer)).json() as { version: number }).version;
  return api.call('POST', `/api/transactions/${id}/events`, who.bearer, {
    event,
    payload,
    idempotencyKey: options.key ?? randomUUID(),
    expectedVersion: version,
  });
}

/** The widget's templates as the API is configured by default: the identity step's check, and the government-ID check before signing. */
export const IDENTITY_TEMPLATE = 'itmpl_caramel_identity';
export const GOVERNMENT_ID_TEMPLATE = 'itmpl_caramel_government_id';

/** An inquiry the sandbox verification provider has decided, as the widget would leave it (the identity step's unless `template` says). */
export async function verifiedInquiry(
  sandboxUrl: string,
  transactionId: string,
  status: 'approved' | 'declined',
  review?: 'manual',
  template = IDENTITY_TEMPLATE,
) {
  const post = (path: string, body: object) =>
    fetch(`${sandboxUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (answer) => answer.json(),
    );
  const created = await post('/api/inquiries', { templateId: template, referenceId: transactionId });
  await post(`/api/inquiries/${created.id}/decision`, review ? { status, review } : { status });
  return created.id as string;
}

/** A small file uploaded through the API into `slot` (one presigned PUT), recorded as a document: what an action names. */
export async function uploadedDocument(api: Api, who: { bearer: string }, transactionId: string, slot: string, fileName: string) {
  const bytes = Buffer.from(`\xff\xd8\xff\xe0 a photo of ${fileName}`, 'latin1'); // a JPEG's opening bytes, so review takes it
  const created = (
    await api.call('POST', '/api/uploads', who.bearer, { transactionId, slot, fileName, contentType: 'image/jpeg', size: bytes.length })
  ).json() as { id: string; key: string };
  const [{ url, headers }] = (await api.call('POST', `/api/uploads/${created.id}/parts/sign`, who.bearer, { partNumbers: [1] })).json()
    .urls;
  const put = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers });
  await api.call('POST', `/api/uploads/${created.id}/complete`, who.bearer, { parts: [{ partNumber: 1, eTag: put.headers.get('etag') }] });
  return { documentKey: created.key, fileName, uploadId: created.id };
}
