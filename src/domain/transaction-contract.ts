/**
 * What the transactions API answers, typed once (zod/mini): the server builds its answers against
 * these types, the app parses what arrives with these schemas and keeps it in IndexedDB as is.
 */
import * as z from 'zod/mini';
import { FLOWS, TRANSACTION_STATUSES, type TransactionStatus } from './transaction-flows';
import { STEPS } from './transaction-steps';
import { PARTY_EVENTS } from './transaction-transitions';
import { vehicleReportsSchema } from './vehicle-reports';
import { bookedTransportSchema, shipmentSchema } from './transport';
import { registeredOwnersSchema } from './payment-events';
import { bankAccountSchema } from './bank-accounts';
import { moneyTimelineSchema } from './money-timeline';
import { saleSchema } from './sale-state';
import { DELIVERY_CONFIRMERS, DISPUTE_DECISIONS, DISPUTE_STATUSES } from './delivery';

/** `model` is known when a person named it (a buyer describing the car, its seller confirming it). */
export const vehicleSchema = z.object({
  vin: z.string(),
  modelYear: z.number(),
  make: z.nullable(z.string()),
  model: z.optional(z.nullable(z.string())),
  mileage: z.number(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const stepStateSchema = z.object({ step: z.enum(STEPS), state: z.enum(['done', 'current', 'upcoming']) });

export const transactionSummarySchema = z.object({
  id: z.string(),
  dealId: z.string(),
  /** The deal's negotiation: its thread (message-contract.ts). */
  negotiationId: z.string(),
  side: z.enum(['buyer', 'seller']),
  flow: z.enum(FLOWS),
  status: z.enum(TRANSACTION_STATUSES as [TransactionStatus, ...TransactionStatus[]]),
  version: z.number(),
  destination: z.nullable(z.object({ path: z.string(), view: z.optional(z.string()) })),
  steps: z.array(stepStateSchema),
  vehicle: vehicleSchema,
  price: z.number(),
  updatedAt: z.string(),
  /** Where the sale stands as a whole (sale-state.ts): closed only once delivery is confirmed. */
  sale: saleSchema,
  cancelledAt: z.nullable(z.string()),
});
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

export const transactionListSchema = z.object({ active: z.array(transactionSummarySchema), previous: z.array(transactionSummarySchema) });
export type TransactionList = z.infer<typeof transactionListSchema>;

const addressSchema = z.object({
  line1: z.string(),
  line2: z.optional(z.string()),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});

/** The documents of the seller's title step, by what each one is. */
export const TITLE_DOCUMENT_FIELDS = ['titleFront', 'titleBack', 'ownership', 'vinPlate', 'odometer'] as const;
export type TitleDocumentField = (typeof TITLE_DOCUMENT_FIELDS)[number];

/** The inspection provider's report on the seller's photos. */
export const inspectionReportSchema = z.object({
  summary: z.string(),
  findings: z.array(
    z.object({ area: z.string(), severity: z.enum(['good', 'wear', 'damage']), note: z.string(), documentKey: z.nullable(z.string()) }),
  ),
  completedAt: z.string(),
});
export type InspectionReport = z.infer<typeof inspectionReportSchema>;

export const loanOfferSchema = z.object({
  id: z.string(),
  lender: z.string(),
  apr: z.number(),
  months: z.number(),
  downPaymentDollars: z.number(),
  amountFinancedCents: z.number(),
  monthlyPaymentCents: z.number(),
});
export type LoanOffer = z.infer<typeof loanOfferSchema>;

export const insuranceQuoteSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  coverage: z.string(),
  deductibleDollars: z.number(),
  monthlyPremiumCents: z.number(),
});
export type InsuranceQuote = z.infer<typeof insuranceQuoteSchema>;

/** A Caramel Care plan: `coverage` lists every part it covers (what the comparison reads), `highlights` what its card says. */
export const carePlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string(),
  highlights: z.array(z.string()),
  coverage: z.array(z.string()),
  termMonths: z.number(),
  termMiles: z.number(),
  priceDollars: z.number(),
});
export type CarePlan = z.infer<typeof carePlanSchema>;

const additionalInfo = z.object({
  housing: z.enum(['own', 'rent', 'other']),
  yearsAtAddress: z.number(),
  employer: z.string(),
  annualIncomeDollars: z.number(),
});

/** What each step knows so far (folded from the event log by step-data.ts). */
export const stepDataSchema = z.object({
  identity: z.object({
    inquiryId: z.nullable(z.string()),
    verified: z.nullable(z.boolean()),
    /** Verifications the provider declined so far. */
    declined: z.number(),
    address: z.nullable(addressSchema),
    addressVerified: z.nullable(z.boolean()),
    proofOfAddress: z.nullable(z.object({ documentKey: z.string(), fileName: z.string() })),
    additionalInfo: z.nullable(additionalInfo),
    /** The seller's: where the vehicle is picked up (their home address unless they said otherwise). */
    pickupAddress: z.nullable(addressSchema),
  }),
  financing: z.object({
    application: z.nullable(
      z.object({ downPaymentDollars: z.number(), months: z.number(), band: z.string(), annualIncomeDollars: z.number() }),
    ),
    offers: z.array(loanOfferSchema),
    chosenOfferId: z.nullable(z.string()),
    payingCash: z.boolean(),
  }),
  protection: z.object({ chosenPlanId: z.nullable(z.string()), skipped: z.boolean() }),
  insurance: z.object({
    request: z.nullable(z.object({ postalCode: z.string(), dateOfBirth: z.string(), accidents: z.number(), coverage: z.string() })),
    quotes: z.array(insuranceQuoteSchema),
    selectedQuoteId: z.nullable(z.string()),
    policyNumber: z.nullable(z.string()),
    existingCarrier: z.nullable(z.string()),
    skipped: z.boolean(),
  }),
  title: z.object({
    lien: z.nullable(
      z.object({
        lienholderId: z.string(),
        lienholderName: z.string(),
        /** Only the last four characters ever leave the server. */
        accountLast4: z.string(),
        contactPhone: z.nullable(z.string()),
        payoff: z.object({
          amountCents: z.number(),
          goodThrough: z.string(),
          perDiemCents: z.number(),
          source: z.enum(['quote', 'entered']),
        }),
        negativeEquityAcknowledged: z.boolean(),
      }),
    ),
    titleInSellerName: z.nullable(z.boolean()),
    documents: z.array(z.object({ field: z.enum(TITLE_DOCUMENT_FIELDS), slot: z.string(), documentKey: z.string(), fileName: z.string() })),
    odometerReading: z.nullable(z.number()),
    review: z.nullable(
      z.object({
        state: z.enum(['pending', 'approved', 'needs photo', 'paused']),
        documentKey: z.nullable(z.string()),
        reason: z.nullable(z.string()),
      }),
    ),
    agentAuthorization: z.nullable(z.object({ fullName: z.string(), signedAt: z.nullable(z.string()) })),
  }),
  inspection: z.object({
    photos: z.array(z.object({ area: z.string(), documentKey: z.string(), fileName: z.string() })),
    damage: z.array(z.object({ documentKey: z.string(), fileName: z.string(), note: z.string() })),
    report: z.nullable(inspectionReportSchema),
    skipped: z.boolean(),
  }),
  transport: z.object({
    booking: z.nullable(bookedTransportSchema),
    /** When a buyer who collected the car said they have it. */
    receivedAt: z.nullable(z.string()),
  }),
  payment: z.object({
    owners: z.nullable(registeredOwnersSchema),
    /** The linked account chosen to pay from (buyer) or be paid into (seller), and the amount authorised. */
    accountId: z.nullable(z.string()),
    authorizedCents: z.nullable(z.number()),
    /** Why the bank sent the last payment back, until the next one is authorised. */
    returned: z.nullable(z.object({ code: z.string(), reason: z.string() })),
  }),
  signature: z.object({
    /** The government-ID check before signing, and how it ended (a person may have reviewed it). */
    govId: z.nullable(
      z.object({
        inquiryId: z.string(),
        outcome: z.nullable(z.enum(['approved', 'declined', 'approved after review', 'declined after review'])),
      }),
    ),
    envelopeId: z.nullable(z.string()),
    signedAt: z.nullable(z.string()),
    collected: z.boolean(),
  }),
});
export type StepData = z.infer<typeof stepDataSchema>;

export const priceBreakdownSchema = z.object({
  lines: z.array(z.object({ id: z.string(), label: z.string(), cents: z.number(), note: z.optional(z.string()) })),
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
  /** The seller's loan paid first from what the buyer pays, to release the lien. */
  lienPayoff: z.nullable(z.object({ lender: z.string(), cents: z.number() })),
});

/** The seller's side: what they are paid (seller-pricing.ts). */
export const payoutSchema = z.object({
  lines: z.array(z.object({ id: z.string(), label: z.string(), cents: z.number(), note: z.optional(z.string()) })),
  payoffCents: z.number(),
  feeCents: z.number(),
  payoutCents: z.number(),
  bringCents: z.number(),
  feeReasons: z.array(z.string()),
});

/** Who acts next on a side of a deal, and where they go to (next-step.ts works it out). */
export const WAITING_ON = ['you', 'buyer', 'seller', 'dealer', 'title desk', 'inspection service', 'transport vendor', 'Caramel'] as const;
export type WaitingOn = (typeof WAITING_ON)[number];

/** "the seller", "Caramel": whom a step waits on, in a sentence. */
export const waitingOnText = (who: Exclude<WaitingOn, 'you'>) => (who === 'Caramel' ? who : `the ${who}`);

export const nextStepSchema = z.object({
  who: z.enum(WAITING_ON),
  /** What happens next, in a sentence that names who acts. */
  text: z.string(),
  /** Where the party goes to act (present when it is their turn). */
  action: z.nullable(z.object({ label: z.string(), to: z.string() })),
  /** When it must be done by (a moment, shown in the reader's time zone), when it has a deadline. */
  deadline: z.optional(z.nullable(z.string())),
});
export type NextStep = z.infer<typeof nextStepSchema>;

export const transactionDetailSchema = z.extend(transactionSummarySchema, {
  myRole: z.nullable(z.string()),
  allowedEvents: z.array(z.enum(PARTY_EVENTS)),
  parties: z.array(z.object({ role: z.string(), firstName: z.nullable(z.string()), you: z.boolean() })),
  data: stepDataSchema,
  carePlans: z.array(carePlanSchema),
  insuranceHandOffUrl: z.nullable(z.string()),
  priceBreakdown: z.nullable(priceBreakdownSchema),
  payout: z.nullable(payoutSchema),
  /** Where the car is (the seller's pickup address's city, state and ZIP), once the seller has said. */
  carLocation: z.nullable(z.object({ city: z.string(), state: z.string(), postalCode: z.string() })),
  /** The deal's shipment as this party may see it (a seller is not shown the buyer's delivery address). */
  shipment: z.nullable(shipmentSchema),
  /** This party's money: what they paid or are paid, held, released and refunded. */
  money: moneyTimelineSchema,
  /** The account this transaction pays from or into, when the caller owns it (no one else sees its mask). */
  bankAccount: z.nullable(bankAccountSchema),
  cancellation: z.nullable(
    z.object({ at: z.string(), by: z.enum(['you', 'other party']), reason: z.nullable(z.string()), feeCents: z.number() }),
  ),
  /** Whether this party may cancel now, and the fee it would cost them. */
  canCancel: z.object({ allowed: z.boolean(), feeCents: z.number() }),
  vehicleReports: vehicleReportsSchema,
  /** In a dealer's sale: the dealership selling, and whether it has signed (its customer's part opens then). */
  dealer: z.optional(z.nullable(z.object({ name: z.string(), signed: z.boolean() }))),
  /** For the seller: payout the bank returned from the account on file, held until they choose another. Absent in older copies. */
  payoutReturned: z.optional(z.nullable(z.object({ cents: z.number(), reason: z.string() }))),
  /** For the buyer: the seller's self-inspection report once the seller finished it. Absent in copies saved before it. */
  sellerInspection: z.optional(z.nullable(inspectionReportSchema)),
  /** Who acts next on this side and where (next-step.ts); null once nothing is left (or cancelled). Absent in copies saved before it. */
  next: z.optional(z.nullable(nextStepSchema)),
  /** Delivery confirmation as this party reads it (delivery.ts): the handover, the confirmation and by whom, what they may do, the case in outline. */
  delivery: z.object({
    handedOverAt: z.nullable(z.string()),
    confirmedAt: z.nullable(z.string()),
    confirmedBy: z.nullable(z.enum(DELIVERY_CONFIRMERS)),
    canConfirm: z.boolean(),
    canRaiseProblem: z.boolean(),
    dispute: z.nullable(
      z.object({
        status: z.enum(DISPUTE_STATUSES),
        reason: z.string(),
        decision: z.nullable(z.object({ decision: z.enum(DISPUTE_DECISIONS), refundCents: z.number() })),
      }),
    ),
  }),
  /** Where the parties arrange the handover themselves (no transport step): what this party may do about it now. */
  handover: z.object({
    partiesArrange: z.boolean(),
    canPropose: z.boolean(),
    canAgree: z.boolean(),
    /** The buyer may say they have the car (src/domain/delivery.ts `whyNoHandover`). */
    canSayReceived: z.boolean(),
  }),
  /** The idempotency keys of this party's own actions the server has applied (the newest): queued actions it holds are dropped from the outbox. */
  appliedKeys: z.array(z.string()),
  timeline: z.array(
    z.object({
      version: z.number(),
      event: z.string(),
      by: z.enum(['you', 'other party', 'provider']),
      from: z.string(),
      to: z.string(),
      at: z.string(),
    }),
  ),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;

export const eventAnswerSchema = z.object({ replayed: z.boolean(), transaction: transactionDetailSchema });
export type EventAnswer = z.infer<typeof eventAnswerSchema>;
