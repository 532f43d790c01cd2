/**
 * What a caller may send about offers, shared by the forms and the API. Amounts are whole US
 * dollars; the database keeps them as integers.
 */
import * as z from 'zod/mini';
import { readCaramelCode } from './caramel-code';
import { checkVin } from './vin';

export const MAX_OFFER_DOLLARS = 10_000_000;
export const MAX_MILEAGE = 2_000_000;

export const offerAmount = z
  .number('Enter the amount in whole dollars, such as 12500')
  .check(
    z.int('Enter the amount in whole dollars, such as 12500'),
    z.positive('The amount must be more than $0'),
    z.maximum(MAX_OFFER_DOLLARS, 'The amount cannot be more than $10,000,000'),
  );

/** A whole number as typed into a form, commas allowed ("12,500"). */
export function parseWholeNumber(text: string): number {
  return Number(text.trim().replace(/,/g, ''));
}

/** A price or amount as typed into a form, held to the same limits as `offerAmount`. */
export function typedDollars(noun: 'price' | 'amount') {
  const Noun = noun === 'price' ? 'The price' : 'The amount';
  return z.string().check(
    z.trim(),
    z.minLength(1, `Enter the ${noun} in whole dollars, such as 12500`),
    z.regex(/^\d[\d,]*$/, `Enter the ${noun} in whole dollars, such as 12500`),
    z.refine((text) => parseWholeNumber(text) > 0, `${Noun} must be more than $0`),
    z.refine((text) => parseWholeNumber(text) <= MAX_OFFER_DOLLARS, `${Noun} cannot be more than $10,000,000`),
  );
}

export const vinField = z.string('Enter the 17-character VIN').check(
  z.superRefine((value, context) => {
    const result = checkVin(value);
    if (!result.ok) context.issues.push({ code: 'custom', message: result.message, input: value });
  }),
);

export const mileageField = z
  .number('Enter the mileage as a number')
  .check(
    z.int('Enter the mileage in whole miles'),
    z.minimum(0, 'Mileage cannot be negative'),
    z.maximum(MAX_MILEAGE, 'That mileage is not possible'),
  );

/** A model year as typed: from the first cars with a VIN (1981) to next year's models. */
export const modelYearField = z.number('Enter the model year, such as 2019').check(
  z.int('Enter the model year, such as 2019'),
  z.minimum(1981, 'Enter a model year from 1981 on'),
  z.refine((year) => year <= new Date().getFullYear() + 1, 'That model year is not out yet'),
);

/** The make or model of a vehicle as a person names it. */
export const vehicleNameField = (label: 'make' | 'model') =>
  z
    .string(`Enter the ${label}`)
    .check(z.trim(), z.minLength(1, `Enter the ${label}`), z.maxLength(60, `The ${label} can be at most 60 characters`));

/** A Caramel code as typed: case and dashes do not matter, the check character must add up. */
export const caramelCodeField = z.string('Enter their Caramel code').check(
  z.superRefine((value, context) => {
    const result = readCaramelCode(value);
    if (!result.ok) context.issues.push({ code: 'custom', message: result.message, input: value });
  }),
);

/**
 * The vehicle of a new offer: a VIN (start-sale decodes the year and maker from it), or — when a
 * buyer describes someone else's car — its year, make and model, with the VIN if they know it.
 */
export const offerVehicleField = z
  .strictObject({
    vin: z.optional(vinField),
    mileage: mileageField,
    modelYear: z.optional(modelYearField),
    make: z.optional(vehicleNameField('make')),
    model: z.optional(vehicleNameField('model')),
  })
  .check(
    z.refine((vehicle) => vehicle.vin !== undefined || (vehicle.modelYear !== undefined && vehicle.make && vehicle.model), {
      message: 'Enter the 17-character VIN, or the year, make and model',
      path: ['vin'],
    }),
    // A description is whole or absent: a year and model without the make cannot be checked against the VIN.
    z.superRefine((vehicle, context) => {
      const described = { modelYear: vehicle.modelYear, make: vehicle.make, model: vehicle.model };
      const given = Object.values(described).filter((value) => value !== undefined).length;
      if (vehicle.vin === undefined || given === 0 || given === 3) return;
      const missing = (Object.keys(described) as (keyof typeof described)[]).find((name) => described[name] === undefined)!;
      const label = { modelYear: 'year', make: 'make', model: 'model' }[missing];
      context.issues.push({
        code: 'custom',
        message: `Enter the ${label} too, or leave out the year, make and model`,
        path: [missing],
        input: vehicle,
      });
    }),
  );

/** Whether a new offer's vehicle was described by a person (year, make and model) rather than only by its VIN. */
export const isDescribed = (vehicle: { model?: string }) => vehicle.model !== undefined;

/**
 * The vehicle a new offer names, server and app alike: what its VIN decodes to, else as the buyer
 * described it. A buyer describing someone's car waits for them to confirm it; a VIN alone was
 * decoded, and a seller knows their own car.
 */
export function offeredVehicle(
  vehicle: StartOffer['vehicle'],
  role: StartOffer['role'],
  vin: { vin: string; modelYear: number; maker: string | null } | undefined,
) {
  return {
    vin: vin?.vin ?? null,
    modelYear: vin?.modelYear ?? vehicle.modelYear!,
    make: vin?.maker ?? vehicle.make ?? null,
    model: vehicle.model ?? null,
    mileage: vehicle.mileage,
    confirmed: !(isDescribed(vehicle) && role === 'buyer'),
  };
}

/** SPEC §3 deal partner sources: the product itself and the listing sites deals come from. */
export const PARTNER_SOURCES = [
  'caramel',
  'listing-site',
  'listing-site-marketplace',
  'auction-site',
  'online-marketplace',
  'deal-site-a',
  'deal-site-b',
] as const;
export type PartnerSource = (typeof PARTNER_SOURCES)[number];

/**
 * A UUID the app makes once, when the user acts, and sends again on every retry: the API applies
 * each key once and answers a repeat with the same result (STYLE rule 6). Optional for API callers.
 */
const idempotencyKey = z.optional(z.uuid('idempotencyKey must be a UUID created when the user acted'));

export const startOfferSchema = z
  .strictObject({
    vehicle: offerVehicleField,
    amount: offerAmount,
    /** The side the caller is on. */
    role: z.enum(['seller', 'buyer'], 'role must be seller or buyer'),
    /** The other side's e-mail, or their Caramel code; with neither the caller shares a link instead. */
    counterpartyEmail: z.optional(z.email('Enter an e-mail address such as name@example.com')),
    counterpartyCode: z.optional(caramelCodeField),
    partner: z.optional(z.strictObject({ uid: z.string().check(z.minLength(1), z.maxLength(200)), source: z.enum(PARTNER_SOURCES) })),
    idempotencyKey,
  })
  .check(
    z.refine((input) => !(input.counterpartyEmail && input.counterpartyCode), {
      message: 'Send their e-mail or their Caramel code, not both',
      path: ['counterpartyCode'],
    }),
    // A seller knows their own car: a deal needs its VIN, so a seller's offer always has one.
    z.refine((input) => input.role === 'buyer' || input.vehicle.vin !== undefined, {
      message: 'Enter the 17-character VIN',
      path: ['vehicle', 'vin'],
    }),
  );
export type StartOffer = z.infer<typeof startOfferSchema>;

export const offerActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('counter'), amount: offerAmount, latestOfferId: z.uuid(), idempotencyKey }),
  z.strictObject({ action: z.enum(['accept', 'decline', 'withdraw']), latestOfferId: z.uuid(), idempotencyKey }),
]);

/** The seller confirms (or corrects) a vehicle a buyer described: the VIN is required now, and must match the year and make. */
export const confirmVehicleSchema = z.strictObject({
  vin: vinField,
  modelYear: modelYearField,
  make: vehicleNameField('make'),
  model: vehicleNameField('model'),
  idempotencyKey,
});
export type ConfirmVehicle = z.infer<typeof confirmVehicleSchema>;

/** The body of making or turning off share links: only the key. */
export const linkChangeSchema = z.strictObject({ idempotencyKey });
export type OfferActionInput = z.infer<typeof offerActionSchema>;

/** What a visitor with a shared link sends: their e-mail, the offer they answer, and an amount when they counter. */
export const linkActionSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('counter'),
    email: z.email('Enter an e-mail address such as name@example.com'),
    amount: offerAmount,
    latestOfferId: z.uuid(),
  }),
  z.strictObject({
    action: z.literal('accept'),
    email: z.email('Enter an e-mail address such as name@example.com'),
    latestOfferId: z.uuid(),
  }),
]);
