/**
 * What a party sends with each action (the body of POST /transactions/{id}/events), typed once
 * with zod for the forms, the outbox and the server. Actions without a schema here carry no data.
 */
import * as z from 'zod/mini';
import { addressSchema, documentRef, text, wholeDollars } from './payload-fields';
import { CREDIT_BANDS, LOAN_TERMS } from './pricing';
import { PAYMENT_PAYLOADS } from './payment-events';
import { SIGNING_PAYLOADS } from './signing';
import { SELLER_PAYLOADS, TITLE_PAYLOADS } from './seller-events';
import { PARTY_EVENTS, type PartyEvent } from './transaction-transitions';

export const additionalInfoSchema = z.object({
  housing: z.enum(['own', 'rent', 'other'], 'Choose whether you own or rent'),
  yearsAtAddress: z.number('Enter the years at this address').check(z.int(), z.minimum(0), z.maximum(99, 'Enter up to 99 years')),
  employer: text('your employer (or “self-employed”, “retired”)'),
  annualIncomeDollars: wholeDollars('your yearly income', 10_000_000),
});

export const financeApplicationSchema = z.object({
  downPaymentDollars: wholeDollars('the down payment', 10_000_000),
  months: z.union(
    LOAN_TERMS.map((term) => z.literal(term)),
    'Choose a loan term',
  ),
  band: z.enum(Object.keys(CREDIT_BANDS) as [keyof typeof CREDIT_BANDS, ...(keyof typeof CREDIT_BANDS)[]], 'Choose your credit range'),
  annualIncomeDollars: wholeDollars('your yearly income', 10_000_000),
  creditCheckConsent: z.literal(true, 'Agree to the credit check to see loan offers'),
});
export type FinanceApplication = z.infer<typeof financeApplicationSchema>;

export const adultBirthDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth'),
  z.refine((value) => {
    const born = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(born.getTime()) || born.toISOString().slice(0, 10) !== value) return false; // April 31st rolls over to May 1st
    const sixteen = new Date(born);
    sixteen.setUTCFullYear(born.getUTCFullYear() + 16);
    return sixteen <= new Date() && born.getUTCFullYear() > 1900;
  }, 'Drivers must be at least 16'),
);

export const COVERAGE_LEVELS = {
  liability: 'State minimum liability',
  standard: 'Liability, collision and comprehensive',
  full: 'Full coverage with low deductibles',
} as const;
export type CoverageLevel = keyof typeof COVERAGE_LEVELS;

export const insuranceQuoteSchema = z.object({
  postalCode: z.string().check(z.regex(/^\d{5}$/, 'Enter the 5-digit ZIP code where the car will be kept')),
  dateOfBirth: adultBirthDate,
  accidents: z.number('Enter the number of accidents').check(z.int(), z.minimum(0), z.maximum(20, 'Enter up to 20 accidents')),
  coverage: z.enum(Object.keys(COVERAGE_LEVELS) as [CoverageLevel, ...CoverageLevel[]], 'Choose a coverage level'),
});
export type InsuranceQuoteRequest = z.infer<typeof insuranceQuoteSchema>;

const id = (what: string) => z.string().check(z.minLength(1, `Choose ${what}`), z.maxLength(100));

export const EVENT_PAYLOADS: Partial<Record<PartyEvent, z.ZodMiniType>> = {
  'identity submitted': z.object({ inquiryId: id('a verification') }),
  'address submitted': addressSchema,
  'address updated': addressSchema,
  'identity address uploaded': documentRef,
  'identity done': additionalInfoSchema,
  'finance application submitted': financeApplicationSchema,
  'finance done': z.object({ offerId: id('a loan offer') }),
  'protection chosen': z.object({ planId: id('a care plan') }),
  'insurance quote requested': insuranceQuoteSchema,
  'insurance coverage selected': z.object({ quoteId: id('a quote') }),
  'insurance done': z.object({ policyNumber: text('the policy number', 40) }),
  'insurance skipped': z.object({ existingCarrier: z.optional(z.string().check(z.trim(), z.maxLength(80))) }),
  ...TITLE_PAYLOADS,
  ...PAYMENT_PAYLOADS,
  ...SIGNING_PAYLOADS,
};

const noPayload = z.object({});

/** The whole request body, checked at the API boundary and when the outbox row is written. */
export const eventRequestSchema = z.object({
  event: z.enum(PARTY_EVENTS as unknown as [PartyEvent, ...PartyEvent[]], 'That is not an action a transaction takes'),
  payload: z.optional(z.record(z.string(), z.unknown())),
  idempotencyKey: z.uuid('idempotencyKey must be a UUID created when the user acted'),
  expectedVersion: z.number().check(z.int(), z.minimum(0)),
});
export type EventRequest = z.infer<typeof eventRequestSchema>;

/** The payload schema for `event` from `side` (a seller's details differ from a buyer's); events without data take an empty object. */
export function payloadSchemaOf(event: PartyEvent, side: 'buyer' | 'seller' = 'buyer'): z.ZodMiniType {
  return (side === 'seller' ? SELLER_PAYLOADS[event] : undefined) ?? EVENT_PAYLOADS[event] ?? noPayload;
}
