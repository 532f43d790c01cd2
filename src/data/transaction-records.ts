/**
 * The transaction records as the API answers them and IndexedDB keeps them (zod/mini, types
 * inferred): list rows, the full detail of an opened transaction, and outbox rows.
 */
import * as z from 'zod/mini';
import { FLOWS, TRANSACTION_STATUSES } from '../domain/transaction-flows';
import { FLOW_STEP_LABELS, PARTY_EVENTS, type FlowStep } from '../domain/transaction-transitions';

const vehicle = z.object({ vin: z.string(), modelYear: z.number(), make: z.nullable(z.string()), mileage: z.number() });
const step = z.object({
  step: z.enum(Object.keys(FLOW_STEP_LABELS) as [FlowStep, ...FlowStep[]]),
  state: z.enum(['done', 'current', 'upcoming']),
});

export const transactionSummarySchema = z.object({
  id: z.string(),
  dealId: z.string(),
  side: z.enum(['buyer', 'seller']),
  flow: z.enum(FLOWS),
  status: z.enum(TRANSACTION_STATUSES as [string, ...string[]]),
  version: z.number(),
  destination: z.nullable(z.object({ path: z.string(), view: z.optional(z.string()) })),
  steps: z.array(step),
  vehicle,
  price: z.number(),
  updatedAt: z.string(),
  completedAt: z.nullable(z.string()),
});
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

export const transactionListSchema = z.object({ active: z.array(transactionSummarySchema), previous: z.array(transactionSummarySchema) });

const address = z.object({ line1: z.string(), line2: z.optional(z.string()), city: z.string(), state: z.string(), postalCode: z.string() });
const loanOffer = z.object({
  id: z.string(),
  lender: z.string(),
  apr: z.number(),
  months: z.number(),
  downPaymentDollars: z.number(),
  amountFinancedCents: z.number(),
  monthlyPaymentCents: z.number(),
});
export type LoanOffer = z.infer<typeof loanOffer>;
const quote = z.object({
  id: z.string(),
  carrier: z.string(),
  coverage: z.string(),
  deductibleDollars: z.number(),
  monthlyPremiumCents: z.number(),
});
export type InsuranceQuote = z.infer<typeof quote>;
const carePlan = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string(),
  coverage: z.array(z.string()),
  termMonths: z.number(),
  termMiles: z.number(),
  priceDollars: z.number(),
});
export type CarePlan = z.infer<typeof carePlan>;

const stepData = z.object({
  identity: z.object({
    inquiryId: z.nullable(z.string()),
    verified: z.nullable(z.boolean()),
    declined: z.number(),
    address: z.nullable(address),
    addressVerified: z.nullable(z.boolean()),
    proofOfAddress: z.nullable(z.object({ documentKey: z.string(), fileName: z.string() })),
    additionalInfoGiven: z.boolean(),
  }),
  financing: z.object({
    application: z.nullable(
      z.object({ downPaymentDollars: z.number(), months: z.number(), band: z.string(), annualIncomeDollars: z.number() }),
    ),
    offers: z.array(loanOffer),
    chosenOfferId: z.nullable(z.string()),
    payingCash: z.boolean(),
  }),
  protection: z.object({ chosenPlanId: z.nullable(z.string()), skipped: z.boolean() }),
  insurance: z.object({
    request: z.nullable(z.object({ postalCode: z.string(), dateOfBirth: z.string(), accidents: z.number(), coverage: z.string() })),
    quotes: z.array(quote),
    selectedQuoteId: z.nullable(z.string()),
    policyNumber: z.nullable(z.string()),
    existingCarrier: z.nullable(z.string()),
    skipped: z.boolean(),
  }),
});
export type StepData = z.infer<typeof stepData>;

const breakdownLine = z.object({ id: z.string(), label: z.string(), cents: z.number(), note: z.optional(z.string()) });

export const transactionDetailSchema = z.extend(transactionSummarySchema, {
  myRole: z.nullable(z.string()),
  allowedEvents: z.array(z.enum(PARTY_EVENTS)),
  parties: z.array(z.object({ role: z.string(), firstName: z.nullable(z.string()), you: z.boolean() })),
  data: stepData,
  carePlans: z.array(carePlan),
  insuranceHandOffUrl: z.nullable(z.string()),
  priceBreakdown: z.nullable(
    z.object({
      lines: z.array(breakdownLine),
      totalCents: z.number(),
      financing: z.nullable(
        z.object({
          lender: z.string(),
          amountFinancedCents: z.number(),
          apr: z.number(),
          months: z.number(),
          monthlyPaymentCents: z.number(),
          totalInterestCents: z.number(),
          downPaymentCents: z.number(),
        }),
      ),
      dueAtSigningCents: z.number(),
    }),
  ),
  timeline: z.array(z.object({ version: z.number(), event: z.string(), by: z.string(), from: z.string(), to: z.string(), at: z.string() })),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

export const eventAnswerSchema = z.object({ replayed: z.boolean(), transaction: transactionDetailSchema });

/** A row of the transactions table: the list fields, the detail once fetched, and when it was saved. */
export type CachedTransaction = TransactionSummary & { detail?: TransactionDetail; savedAt: number };

/**
 * An action the user took, kept until the server applied or refused it. `expectedVersion` is
 * null when it was queued behind another action of the same transaction: it is based on what
 * that one leads to, so it goes out with the version the server answered for it.
 */
export interface OutboxRow {
  seq?: number;
  transactionId: string;
  idempotencyKey: string;
  event: (typeof PARTY_EVENTS)[number];
  payload: Record<string, unknown>;
  expectedVersion: number | null;
  createdAt: number;
  state: 'pending' | 'refused';
  error?: string;
}
