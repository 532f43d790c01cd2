/**
 * A buyer-started sale through the API (issue 21): the buyer describes someone's car (year,
 * make, model; the VIN checked when given) with the price they offer; no deal can be made until
 * the seller confirms or corrects the vehicle with its VIN — only the seller, only with a VIN that
 * matches what they say it is — and the buyer is told; then the seller accepts and the deal's
 * vehicle is the confirmed one.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiFor } from '../support/api-harness';
import { personFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(() => api.close());

/** A 2005 Buick (the sandbox's VIN, its check digit right). */
const BUICK_VIN = '1G4AH59H45G118341';

async function describedOffer(extra: object = {}) {
  const seller = await personFor(parts.identity, 'seller');
  const buyer = await personFor(parts.identity, 'buyer');
  const code = (await api.call('GET', '/api/users/profile', seller.bearer)).json().caramelCode;
  const started = await api.call('POST', '/api/offers', buyer.bearer, {
    vehicle: { modelYear: 2005, make: 'Buick', model: 'LaCrosse', mileage: 91_000, ...extra },
    amount: 7_500,
    role: 'buyer',
    counterpartyCode: code,
    idempotencyKey: randomUUID(),
  });
  return { seller, buyer, started };
}

const confirm = (who: { bearer: string }, id: string, body: object) =>
  api.call('POST', `/api/offers/${id}/vehicle`, who.bearer, { idempotencyKey: randomUUID(), ...body });

describe('a buyer-started sale', () => {
  it('waits for the seller to confirm the vehicle, then makes a deal on the confirmed one', async () => {
    const { seller, buyer, started } = await describedOffer();
    expect(started.statusCode).toBe(201);
    const offer = started.json();
    expect(offer.vehicle).toEqual({ vin: null, modelYear: 2005, make: 'Buick', model: 'LaCrosse', mileage: 91_000, confirmed: false });

    const early = await api.call('POST', `/api/offers/${offer.id}/actions`, seller.bearer, {
      action: 'accept',
      latestOfferId: offer.latestOffer.id,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The seller has not confirmed the vehicle’s details yet; a deal can be made once they have.');
    const byBuyer = await confirm(buyer, offer.id, { vin: BUICK_VIN, modelYear: 2005, make: 'Buick', model: 'LaCrosse' });
    expect(byBuyer.statusCode).toBe(403);

    const wrongYear = await confirm(seller, offer.id, { vin: BUICK_VIN, modelYear: 2006, make: 'Buick', model: 'LaCrosse' });
    expect(wrongYear.statusCode).toBe(400);
    expect(wrongYear.json()).toEqual({ message: 'vin: This VIN is for a 2005 model; check the year or the VIN', field: 'vin' });
    const wrongMake = await confirm(seller, offer.id, { vin: BUICK_VIN, modelYear: 2005, make: 'Toyota', model: 'Camry' });
    expect(wrongMake.json().message).toBe('vin: This VIN is for a Buick; check the make or the VIN');

    const confirmed = await confirm(seller, offer.id, { vin: BUICK_VIN, modelYear: 2005, make: 'buick', model: 'LaCrosse CXL' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().vehicle).toMatchObject({ vin: BUICK_VIN, make: 'Buick', model: 'LaCrosse CXL', confirmed: true });
    const told = (await api.call('GET', '/api/notifications', buyer.bearer)).json().notifications;
    expect(told).toContainEqual(expect.objectContaining({ kind: 'vehicle confirmed', subject: 'The seller confirmed the vehicle' }));

    const accepted = await api.call('POST', `/api/offers/${offer.id}/actions`, seller.bearer, {
      action: 'accept',
      latestOfferId: offer.latestOffer.id,
    });
    expect(accepted.statusCode).toBe(200);
    const deal = (await api.call('GET', `/api/deals/${accepted.json().dealId}`, buyer.bearer)).json();
    expect(deal).toMatchObject({ price: 7_500, myRole: 'buyer', vehicle: { vin: BUICK_VIN, model: 'LaCrosse CXL', modelYear: 2005 } });
  });

  it('checks a VIN the buyer gives against the year and make they described', async () => {
    const { started } = await describedOffer({ vin: BUICK_VIN, modelYear: 2012 });
    expect(started.statusCode).toBe(400);
    expect(started.json()).toEqual({
      message: 'vehicle.vin: This VIN is for a 2005 model; check the year or the VIN',
      field: 'vehicle.vin',
    });
  });

  it('needs the VIN, or the year, make and model; and a seller’s offer always has its VIN', async () => {
    const buyer = await personFor(parts.identity, 'buyer');
    const partial = await api.call('POST', '/api/offers', buyer.bearer, {
      vehicle: { modelYear: 2005, make: 'Buick', mileage: 1 },
      amount: 5_000,
      role: 'buyer',
    });
    expect(partial.json()).toEqual({
      message: 'vehicle.vin: Enter the 17-character VIN, or the year, make and model',
      field: 'vehicle.vin',
    });
    const seller = await api.call('POST', '/api/offers', buyer.bearer, {
      vehicle: { modelYear: 2005, make: 'Buick', model: 'LaCrosse', mileage: 1 },
      amount: 5_000,
      role: 'seller',
    });
    expect(seller.json()).toEqual({ message: 'vehicle.vin: Enter the 17-character VIN', field: 'vehicle.vin' });
  });
});
