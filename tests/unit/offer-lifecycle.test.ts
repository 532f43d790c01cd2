import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { offerActionSchema, startOfferSchema } from '../../src/domain/offer-fields';
import { NEGOTIATION_STATUSES, OFFER_ACTIONS, OFFER_TRANSITIONS, offerTransition, type PartyRole } from '../../src/domain/offer-lifecycle';

const ROLES: PartyRole[] = ['buyer', 'seller'];

describe('offer transitions', () => {
  for (const status of NEGOTIATION_STATUSES) {
    for (const action of OFFER_ACTIONS) {
      const rule = OFFER_TRANSITIONS[status][action];
      it(`${status} + ${action}: ${rule ? `${rule.by} → ${rule.to}` : 'refused'}`, () => {
        for (const latestOfferBy of ROLES) {
          const other = latestOfferBy === 'buyer' ? 'seller' : 'buyer';
          const actors = { sender: latestOfferBy, recipient: other, system: 'system' } as const;
          for (const [kind, actor] of Object.entries(actors)) {
            const result = offerTransition(status, action, actor, latestOfferBy);
            if (rule && rule.by === kind) expect(result).toEqual({ ok: true, to: rule.to });
            else expect(result.ok).toBe(false);
          }
        }
      });
    }
  }

  it('tells each refusal in words', () => {
    expect(offerTransition('open', 'accept', 'buyer', 'buyer')).toEqual({
      ok: false,
      message: 'You made the latest offer; only the other side can accept it.',
    });
    expect(offerTransition('open', 'withdraw', 'seller', 'buyer')).toEqual({
      ok: false,
      message: 'Only the side that made the latest offer can withdraw it.',
    });
    expect(offerTransition('accepted', 'counter', 'seller', 'buyer')).toEqual({ ok: false, message: 'This offer was already accepted.' });
    expect(offerTransition('closed', 'accept', 'buyer', 'seller')).toEqual({
      ok: false,
      message: 'The seller accepted another offer on this vehicle.',
    });
    expect(offerTransition('open', 'expire', 'buyer', 'seller')).toEqual({ ok: false, message: 'Only the system can do that.' });
  });

  it('leaves no way out of a final status', () => {
    for (const status of NEGOTIATION_STATUSES.filter((s) => s !== 'open')) expect(OFFER_TRANSITIONS[status]).toEqual({});
  });
});

describe('offer input', () => {
  const start = { vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 }, amount: 6500, role: 'seller' };
  const message = (schema: z.ZodMiniType, input: unknown) => {
    const result = schema.safeParse(input);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('accepts a sale with a valid VIN, mileage and price', () => {
    expect(message(startOfferSchema, start)).toBeNull();
  });

  it.each([
    [-5, 'The amount must be more than $0'],
    [0, 'The amount must be more than $0'],
    [12.5, 'Enter the amount in whole dollars, such as 12500'],
    ['6500', 'Enter the amount in whole dollars, such as 12500'],
    [1e12, 'The amount cannot be more than $10,000,000'],
  ])('refuses the amount %j', (amount, expected) => {
    expect(message(startOfferSchema, { ...start, amount })).toBe(expected);
    expect(message(offerActionSchema, { action: 'counter', amount, latestOfferId: crypto.randomUUID() })).toBe(expected);
  });

  it('refuses a description of the car that is only partly there beside a VIN (it could not be checked against it)', () => {
    const vin = '1G4AH59H45G118341';
    expect(message(startOfferSchema, { ...start, vehicle: { vin, modelYear: 2005, model: 'LaCrosse', mileage: 1 } })).toBe(
      'Enter the make too, or leave out the year, make and model',
    );
    expect(message(startOfferSchema, { ...start, vehicle: { vin, make: 'Buick', mileage: 1 } })).toBe(
      'Enter the year too, or leave out the year, make and model',
    );
    expect(
      message(startOfferSchema, { ...start, vehicle: { vin, modelYear: 2005, make: 'Buick', model: 'LaCrosse', mileage: 1 } }),
    ).toBeNull();
  });

  it('refuses a VIN that does not add up', () => {
    expect(message(startOfferSchema, { ...start, vehicle: { vin: '1G4AH59H46G118341', mileage: 1 } })).toBe(
      'This VIN does not add up; check each character',
    );
  });
});
