/**
 * The transaction forms as typed: every field is text in the form and becomes the number the
 * action's payload (transaction-events.ts) needs only once it reads as one.
 */
import * as z from 'zod/mini';
import { parseWholeNumber } from './offer-fields';
import { CREDIT_BANDS, LOAN_TERMS, type CreditBand } from './pricing';
import { adultBirthDate, COVERAGE_LEVELS, type CoverageLevel } from './transaction-events';

const typedWhole = (message: string, max: number, tooHigh: string) =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.regex(/^\d[\d,]*$/, message),
      z.refine((text) => parseWholeNumber(text) <= max, tooHigh),
    ),
    z.transform(parseWholeNumber),
  );

const dollars = (noun: string) =>
  typedWhole(`Enter ${noun} in whole dollars, such as 2500`, 10_000_000, `${noun[0]!.toUpperCase()}${noun.slice(1)} looks too high`);

export const additionalInfoForm = z.object({
  housing: z.enum(['own', 'rent', 'other'], 'Choose whether you own or rent'),
  yearsAtAddress: typedWhole('Enter the years at this address, such as 3', 99, 'Enter up to 99 years'),
  employer: z.string().check(z.trim(), z.minLength(1, 'Enter your employer (or “self-employed”, “retired”)'), z.maxLength(100)),
  annualIncomeDollars: dollars('your yearly income'),
});

export const financeApplicationForm = z.object({
  downPaymentDollars: dollars('the down payment'),
  months: z.pipe(z.enum(LOAN_TERMS.map(String) as [string, ...string[]], 'Choose a loan term'), z.transform(Number)),
  band: z.enum(Object.keys(CREDIT_BANDS) as [CreditBand, ...CreditBand[]], 'Choose your credit range'),
  annualIncomeDollars: dollars('your yearly income'),
  creditCheckConsent: z.literal(true, 'Agree to the credit check to see loan offers'),
});

export const insuranceQuoteForm = z.object({
  postalCode: z.string().check(z.regex(/^\d{5}$/, 'Enter the 5-digit ZIP code where the car will be kept')),
  dateOfBirth: adultBirthDate,
  accidents: typedWhole('Enter the number of accidents, such as 0', 20, 'Enter up to 20 accidents'),
  coverage: z.enum(Object.keys(COVERAGE_LEVELS) as [CoverageLevel, ...CoverageLevel[]], 'Choose a coverage level'),
});
