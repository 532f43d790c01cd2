/**
 * One valid request to every API route that takes a body or a query, with what each needs set up
 * first (a deal, an offer, uploads, a dealer application): what the bad-input and fuzz tests spoil.
 */
import { randomUUID } from 'node:crypto';
import type { apiFor } from './api-harness';
import { HANDOVER_SLOTS } from '../../src/domain/handover';
import { dealBetween, saleByNewSeller } from './deals';
import type { LocalParts } from './local-parts';
import { bearerFor, personFor } from './tokens';

type Api = Awaited<ReturnType<typeof apiFor>>;

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export interface RouteRequest {
  method: 'POST' | 'PATCH' | 'GET';
  url: string | (() => Promise<string>);
  bearer: string | (() => Promise<string>);
  body?: Record<string, Json>;
  query?: Record<string, string>;
  /** Fields holding dates, which also get impossible ones. */
  dates?: string[];
}

/** A URL or bearer that is made when the request is sent (a fresh link, a fresh user). */
export const resolve = async (value: string | (() => Promise<string>)) => (typeof value === 'string' ? value : value());

const ADDRESS = { line1: '500 Congress Ave', line2: 'Suite 1', city: 'Austin', state: 'TX', postalCode: '78701' };

/** A valid request to every route that takes a body or a query, each set up so it would be taken as sent. */
export async function routeRequests(api: Api, parts: LocalParts): Promise<RouteRequest[]> {
  const { buyer, seller, buyerTx, sellerTx, negotiationId } = await dealBetween(api, parts.identity);
  const { uid } = (await api.call('GET', '/api/users/profile', buyer.bearer)).json();
  const admin = await bearerFor(parts.identity, ['admin']);
  const sale = await saleByNewSeller(api, parts.identity);
  // A buyer's offer on a car they described, to the seller by their Caramel code: the seller confirms the vehicle.
  const described = (
    await api.call('POST', '/api/offers', buyer.bearer, {
      vehicle: { modelYear: 2005, make: 'Buick', model: 'LaCrosse', mileage: 91_000 },
      amount: 7_500,
      role: 'buyer',
      counterpartyCode: (await api.call('GET', '/api/users/profile', sale.seller.bearer)).json().caramelCode,
    })
  ).json();
  const newLink = async () => (await saleByNewSeller(api, parts.identity)).token;
  const started = async (slot: string, fileName: string, contentType: string, size: number) =>
    (await api.call('POST', '/api/uploads', buyer.bearer, { transactionId: buyerTx, slot, fileName, contentType, size })).json();
  const upload = await started('inspection-media', 'walk.mp4', 'video/mp4', 12 * 1024 * 1024);
  const single = await started('proof-of-address', 'bill.pdf', 'application/pdf', 1000);
  const dealerApplication = {
    idempotencyKey: randomUUID(),
    dealershipName: 'Hill Country Autos',
    licenceNumber: 'TX-88213',
    address: { line1: '400 Main St', city: 'Fredericksburg', state: 'TX', postalCode: '78624' },
    phone: '+18305550142',
    note: 'Family-run lot since 1998.',
  };
  const applied = (
    await api.call('POST', '/api/dealer-applications', (await personFor(parts.identity, 'applicant')).bearer, dealerApplication)
  ).json();
  const written = (
    await api.call('POST', `/api/threads/${negotiationId}/messages`, seller.bearer, {
      body: 'Both keys included.',
      idempotencyKey: randomUUID(),
    })
  ).json();
  const event = (event: string, payload: Record<string, Json>, bearer = buyer.bearer, transactionId = buyerTx): RouteRequest => ({
    method: 'POST',
    url: `/api/transactions/${transactionId}/events`,
    bearer,
    body: { event, payload, idempotencyKey: randomUUID(), expectedVersion: 0 },
    dates: ['dateOfBirth'],
  });
  return [
    {
      method: 'PATCH',
      url: '/api/users/profile',
      bearer: buyer.bearer,
      body: { firstName: 'Ada', lastName: 'Lovelace', mobile: '+14155550134' },
    },
    { method: 'PATCH', url: '/api/users/profile/identity', bearer: buyer.bearer, body: { cognitoIdentityId: `us-west-2:${randomUUID()}` } },
    {
      method: 'POST',
      url: `/api/users/${uid}/profile/${randomUUID()}`,
      bearer: buyer.bearer,
      body: { legalFirstName: 'Ada', legalLastName: 'Lovelace', dateOfBirth: '1990-04-30', address: ADDRESS },
      dates: ['dateOfBirth'],
    },
    { method: 'PATCH', url: `/api/users/${uid}/type`, bearer: admin, body: { type: 'dealer' } },
    {
      method: 'POST',
      url: '/api/offers',
      bearer: async () => (await personFor(parts.identity, 'seller')).bearer,
      body: {
        vehicle: { vin: '1G4AH59H45G118341', mileage: 1000 },
        amount: 9000,
        role: 'seller',
        counterpartyEmail: `x-${randomUUID()}@example.com`,
        partner: { uid: 'listing-123', source: 'listing-site' },
      },
    },
    {
      method: 'POST',
      url: '/api/offers',
      bearer: async () => (await personFor(parts.identity, 'buyer')).bearer,
      body: {
        vehicle: { vin: '1G4AH59H45G118341', modelYear: 2005, make: 'Buick', model: 'LaCrosse', mileage: 1000 },
        amount: 7000,
        role: 'buyer',
        counterpartyEmail: `x-${randomUUID()}@example.com`,
      },
    },
    {
      method: 'POST',
      url: `/api/offers/${described.id}/vehicle`,
      bearer: sale.seller.bearer,
      body: { vin: '1G4AH59H45G118341', modelYear: 2005, make: 'Buick', model: 'LaCrosse' },
    },
    {
      method: 'POST',
      url: `/api/offers/${sale.id}/actions`,
      bearer: sale.seller.bearer,
      body: { action: 'counter', amount: 9500, latestOfferId: sale.offerId },
    },
    {
      method: 'POST',
      url: async () => `/api/public/offer-links/${await newLink()}/actions`,
      bearer: '',
      body: { action: 'counter', email: `v-${randomUUID()}@example.com`, amount: 8000, latestOfferId: sale.offerId },
    },
    event('identity submitted', { inquiryId: 'inq_123' }),
    event('address submitted', ADDRESS),
    event('identity done', { housing: 'rent', yearsAtAddress: 3, employer: 'Acme', annualIncomeDollars: 85_000 }),
    event('identity done', { pickupAddress: ADDRESS }, seller.bearer, sellerTx),
    event(
      'title lender submitted',
      {
        lienholderId: 'harbor-cu',
        lienholderName: 'Harbor Credit Union',
        accountNumber: 'AC-4417-2210',
        contactPhone: '(800) 555-0141',
        payoff: { amountCents: 1_200_000, goodThrough: '2030-01-31', perDiemCents: 227, source: 'entered' },
        titleInSellerName: true,
      },
      seller.bearer,
      sellerTx,
    ),
    event('agent authorized', { fullName: 'Sam Seller', signature: 'Sam Seller', consent: true }, seller.bearer, sellerTx),
    event('insurance quote requested', { postalCode: '78701', dateOfBirth: '1988-04-02', accidents: 0, coverage: 'standard' }),
    event('identity address uploaded', { documentKey: 'private/x/bill.pdf', fileName: 'bill.pdf' }),
    {
      method: 'POST',
      url: '/api/uploads',
      bearer: buyer.bearer,
      body: { transactionId: buyerTx, slot: 'proof-of-address', fileName: 'bill.pdf', contentType: 'application/pdf', size: 1000 },
    },
    { method: 'POST', url: `/api/uploads/${upload.id}/parts/sign`, bearer: buyer.bearer, body: { partNumbers: [1, 2] } },
    {
      method: 'POST',
      url: `/api/uploads/${single.id}/complete`,
      bearer: buyer.bearer,
      body: { parts: [{ partNumber: 1, eTag: '"abc"' }] },
    },
    {
      method: 'GET',
      url: '/api/documents',
      bearer: buyer.bearer,
      query: { transactionId: buyerTx, pageSize: '10', after: `2026-01-01T00:00:00.000Z|${randomUUID()}` },
      dates: ['after'],
    },
    { method: 'GET', url: '/api/documents/object', bearer: buyer.bearer, query: { key: 'private/x/bill.pdf' } },
    {
      method: 'POST',
      url: '/api/dealer-applications',
      bearer: async () => (await personFor(parts.identity, 'applicant')).bearer,
      body: dealerApplication,
    },
    {
      method: 'POST',
      url: `/api/admin/dealer-applications/${applied.id}/decision`,
      bearer: admin,
      body: { decision: 'decline', reason: 'We could not find that licence with the state.' },
    },
    {
      method: 'POST',
      url: `/api/transactions/${buyerTx}/handover`,
      bearer: buyer.bearer,
      body: {
        odometerMiles: 84_120,
        keysHandedOver: true,
        titleHandedOver: true,
        photos: HANDOVER_SLOTS.map((slot) => ({ slot, documentKey: `private/x/${slot}.jpg`, fileName: `${slot}.jpg` })),
        idempotencyKey: randomUUID(),
      },
    },
    {
      method: 'POST',
      url: `/api/threads/${negotiationId}/messages`,
      bearer: buyer.bearer,
      body: { body: 'Is the spare key included?', idempotencyKey: randomUUID() },
    },
    { method: 'POST', url: `/api/threads/${negotiationId}/seen`, bearer: buyer.bearer, body: { upTo: written.seq, read: true } },
    {
      method: 'POST',
      url: `/api/threads/${negotiationId}/messages/${written.id}/report`,
      bearer: buyer.bearer,
      body: { reason: 'Asks me to pay by gift card' },
    },
  ];
}
