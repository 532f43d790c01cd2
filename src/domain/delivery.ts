/**
 * Delivery confirmation and disputes (issue 34). Once the car is handed over (delivered, or
 * collected at a pickup) a clock starts: the money that waits on delivery is released when the
 * buyer confirms the car is as described, or when the clock runs out with no problem raised.
 * A problem raised before then opens a case: the money still held stays held, both parties add
 * evidence, and an admin decides — each decision a ledger movement with its reason.
 */
import * as z from 'zod/mini';
import { formatCents } from './pricing';
import { documentRef } from './payload-fields';
import { handoverRecordSchema } from './handover';

/** Hours between the handover and the release when the buyer neither confirms nor raises a problem (a setting; this is its default). */
export const DELIVERY_CONFIRMATION_HOURS = 48;

/** The buyer is reminded this many hours before their time ends (a clock this short or shorter has no reminder). */
export const DELIVERY_REMINDER_HOURS = 12;

export const DELIVERY_CONFIRMERS = ['buyer', 'clock', 'admin'] as const;
export type DeliveryConfirmer = (typeof DELIVERY_CONFIRMERS)[number];

export const PROBLEM_REASONS = [
  'Not as described',
  'Damage not disclosed',
  'Mechanical problem',
  'Missing keys, title or parts',
  'Odometer differs',
  'Something else',
] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/**
 * A case's statuses and the admin's decisions that move them (tables over branches). Only an
 * open case is decided; each decision is final and is posted to the ledger with its reason.
 */
export const DISPUTE_DECISIONS = ['release', 'partial refund', 'full refund'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];
export const DISPUTE_TRANSITIONS = {
  open: { release: 'released', 'partial refund': 'partly refunded', 'full refund': 'refunded' },
  released: {},
  'partly refunded': {},
  refunded: {},
} as const satisfies Record<string, Partial<Record<DisputeDecision, string>>>;
export type DisputeStatus = keyof typeof DISPUTE_TRANSITIONS;
export const DISPUTE_STATUSES = Object.keys(DISPUTE_TRANSITIONS) as [DisputeStatus, ...DisputeStatus[]];

export const nextDisputeStatus = (status: DisputeStatus, decision: DisputeDecision): DisputeStatus | undefined =>
  (DISPUTE_TRANSITIONS[status] as Partial<Record<DisputeDecision, DisputeStatus>>)[decision];

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Open: Caramel is reviewing it',
  released: 'Decided: paid to the seller',
  'partly refunded': 'Decided: part refunded to the buyer',
  refunded: 'Decided: fully refunded, the car returned',
};

const evidencePhotos = z
  .array(z.extend(documentRef, { slot: z.literal('dispute-evidence', 'That is not an evidence photo') }))
  .check(z.maxLength(10, 'Add at most 10 photos at a time'));

const note = (what: string, max: number) =>
  z
    .string(`Describe ${what}`)
    .check(z.trim(), z.minLength(10, `Describe ${what} in at least 10 characters`), z.maxLength(max, `Keep it under ${max} characters`));

export const raiseProblemSchema = z.object({
  reason: z.enum(PROBLEM_REASONS, 'Choose what the problem is'),
  description: note('the problem', 4000),
  photos: evidencePhotos,
  idempotencyKey: z.uuid('idempotencyKey must be a UUID made when the problem was sent'),
});
export type RaiseProblem = z.infer<typeof raiseProblemSchema>;

export const addEvidenceSchema = z.object({
  note: note('what this shows', 4000),
  photos: evidencePhotos,
  idempotencyKey: z.uuid('idempotencyKey must be a UUID made when the evidence was sent'),
});
export type AddEvidence = z.infer<typeof addEvidenceSchema>;

export const decideDisputeSchema = z
  .object({
    decision: z.enum(DISPUTE_DECISIONS, 'Choose a decision: release, partial refund or full refund'),
    /** A partial refund's amount, in cents, out of the seller's payout still held. */
    refundCents: z.optional(z.int('Enter the refund in whole cents').check(z.positive('Enter a refund above $0.00'))),
    /** A full refund only once the car is back with the seller. */
    carReturned: z.optional(z.boolean()),
    reason: note('the reason for the decision', 2000),
    idempotencyKey: z.uuid('idempotencyKey must be a UUID made when the decision was sent'),
  })
  .check(
    z.refine((input) => input.decision !== 'partial refund' || input.refundCents !== undefined, {
      message: 'Enter the amount to refund',
      path: ['refundCents'],
    }),
    z.refine((input) => input.decision !== 'full refund' || input.carReturned === true, {
      message: 'A full refund is decided once the car is back with the seller: confirm it was returned',
      path: ['carReturned'],
    }),
  );
export type DecideDispute = z.infer<typeof decideDisputeSchema>;

const evidencePhoto = z.object({ fileName: z.string(), documentKey: z.string(), sha256: z.string() });

export const evidenceSchema = z.object({
  side: z.enum(['buyer', 'seller']),
  /** "you", or the other party as the reader knows them. */
  by: z.string(),
  note: z.string(),
  /** Server time. */
  at: z.string(),
  photos: z.array(evidencePhoto),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const disputeSchema = z.object({
  id: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.enum(PROBLEM_REASONS),
  description: z.string(),
  raisedAt: z.string(),
  /** Everything either party sent: the problem's own photos first. */
  evidence: z.array(evidenceSchema),
  decision: z.nullable(z.object({ decision: z.enum(DISPUTE_DECISIONS), refundCents: z.number(), reason: z.string(), at: z.string() })),
  /** The seller's payout still held: the most a partial refund can be. */
  heldForSellerCents: z.number(),
  canAddEvidence: z.boolean(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const deliverySchema = z.object({
  /** The reader's side of the deal. */
  side: z.enum(['buyer', 'seller']),
  handedOverAt: z.nullable(z.string()),
  /** When the money is released unless the buyer raises a problem (while the clock runs). */
  releasesAt: z.nullable(z.string()),
  confirmedAt: z.nullable(z.string()),
  confirmedBy: z.nullable(z.enum(DELIVERY_CONFIRMERS)),
  canConfirm: z.boolean(),
  canRaiseProblem: z.boolean(),
  dispute: z.nullable(disputeSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** The case page of a party's transaction: linked from the delivery panel, notices and mail alike. */
export const casePath = (transactionId: string) => `/dashboard/active-transactions/problem/${transactionId}`;

/**
 * The deal's life once both parties have signed, as a table (tables over branches): the handover
 * starts the buyer's time to check the car, which ends with delivery confirmed (by the buyer, by
 * the clock, or by an admin's decision on a case) or, after a case, a full refund. The money held
 * for delivery moves only at `confirmed` or `refunded`; money-exits.ts checks every state has a
 * way there.
 */
export const DELIVERY_TRANSITIONS = {
  'waiting for handover': {
    'vehicle received': 'clock running',
    'vehicle delivered': 'clock running',
    'handover recorded by both': 'clock running',
  },
  'clock running': { 'delivery confirmed': 'confirmed', 'clock ran out': 'confirmed', 'problem raised': 'disputed' },
  // An open case's decisions (DISPUTE_TRANSITIONS).
  disputed: { release: 'confirmed', 'partial refund': 'confirmed', 'full refund': 'refunded' },
  confirmed: {},
  refunded: {},
} as const satisfies Record<string, Record<string, string>>;

/** Where the delivery stands, from the deal's facts. */
export type DeliveryState = keyof typeof DELIVERY_TRANSITIONS;
export type DeliveryEvent = { [S in DeliveryState]: keyof (typeof DELIVERY_TRANSITIONS)[S] }[DeliveryState];
export type HandoverEvent = keyof (typeof DELIVERY_TRANSITIONS)['waiting for handover'];

/** How the car reaches the buyer: a vendor's delivery, a pickup the buyer booked, a handover the parties arranged, or nothing yet. */
export type HandoverArrangement = 'vendor delivery' | 'pickup' | 'arranged' | 'none';

export interface HandoverFacts {
  /** Whether the buyer's flow takes "vehicle received" at their status (transaction-transitions.ts). */
  buyerTakesReceipt: boolean;
  bothSigned: boolean;
  /** The buyer's payment has cleared. */
  paid: boolean;
  arrangement: HandoverArrangement;
}

/**
 * Why `event` cannot hand the car over now, or null when it can: every flow has a way (DESIGN.md
 * §5). Where no vendor carries the car — a pickup, a handover the parties arranged, or none
 * arranged at all — the buyer says they have it; a vendor's delivery is handed over by the vendor;
 * and both parties' handover records hand it over in any sale.
 */
export function whyNoHandover(event: HandoverEvent, facts: HandoverFacts): string | null {
  if (!facts.bothSigned) return 'The car is handed over once both of you have signed.';
  if (event === 'handover recorded by both') return null;
  if (!facts.paid) return 'Collect the car once the payment has cleared and both of you have signed.';
  if (event === 'vehicle delivered') return facts.arrangement === 'vendor delivery' ? null : 'No transport vendor carries this car.';
  if (facts.arrangement === 'vendor delivery') return 'Your car is being delivered: the driver hands it over.';
  return facts.buyerTakesReceipt ? null : 'You cannot say you have the car at this step.';
}

export function deliveryState(delivery: {
  handedOverAt: string | null;
  confirmedAt: string | null;
  dispute: { status: DisputeStatus } | null;
}): DeliveryState {
  if (delivery.dispute?.status === 'refunded') return 'refunded';
  if (delivery.confirmedAt) return 'confirmed';
  if (delivery.dispute?.status === 'open') return 'disputed';
  return delivery.handedOverAt ? 'clock running' : 'waiting for handover';
}

/**
 * "47 h 59 min", "2 h", "25 min": what is left until `at`, in whole minutes rounded down, so it never
 * says more time is left than is (a clock read a moment late can only say less).
 */
export function timeLeft(at: string, now: number): string {
  const minutes = Math.floor((Date.parse(at) - now) / 60_000);
  if (minutes < 1) return 'less than a minute';
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  return hours === 0 ? `${rest} min` : rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The clock as each side reads it. */
export function clockWords(delivery: Pick<Delivery, 'side' | 'releasesAt'>, now: number): string {
  if (!delivery.releasesAt) return '';
  const left = timeLeft(delivery.releasesAt, now);
  return delivery.side === 'buyer'
    ? `The seller is paid in ${left} unless you raise a problem.`
    : `Releases in ${left} unless the buyer raises a problem.`;
}

/**
 * A decision in one sentence, after "Caramel", as `reader` reads it (a party, or anyone else: an
 * admin, the PDF) — done, or, for the admin checking it before deciding, what it will do.
 */
export function decisionWords(
  decision: { decision: DisputeDecision; refundCents: number },
  reader: 'buyer' | 'seller' | null = null,
  tense: 'done' | 'to come' = 'done',
): string {
  const refund = formatCents(decision.refundCents);
  const [releases, refunds, pays] = tense === 'done' ? ['released', 'refunded', 'paid'] : ['will release', 'will refund', 'pay'];
  if (decision.decision === 'release')
    return reader === 'seller'
      ? `${tense === 'done' ? 'paid' : 'will pay'} you the money held for delivery`
      : `${releases} the money held to the seller`;
  if (decision.decision === 'partial refund')
    return reader === 'buyer'
      ? `${refunds} you ${refund} and ${pays} the rest to the seller`
      : reader === 'seller'
        ? `${refunds} ${refund} to the buyer and ${pays} you the rest`
        : `${refunds} ${refund} to the buyer and ${pays} the rest to the seller`;
  return reader === 'buyer'
    ? `${refunds} you in full, the car back with the seller`
    : `${refunds} the buyer in full, the car back with the seller`;
}

/** A decision by name, for the timeline (its money has lines of its own there). */
export function decisionName(decision: { decision: DisputeDecision; refundCents: number }): string {
  if (decision.decision === 'release') return 'the money held goes to the seller';
  if (decision.decision === 'partial refund')
    return `a refund of ${formatCents(decision.refundCents)} to the buyer, the rest to the seller`;
  return 'a full refund, the car back with the seller';
}

/** The admin area's list of cases, the open ones first. */
export const caseListSchema = z.object({
  disputes: z.array(
    z.object({
      id: z.string(),
      status: z.enum(DISPUTE_STATUSES),
      reason: z.string(),
      vehicle: z.string(),
      priceDollars: z.number(),
      raisedAt: z.string(),
    }),
  ),
});
export type CaseList = z.infer<typeof caseListSchema>;

/** One case as an admin reads it, with both sides' transactions (their timelines and documents) and both parties' handover records. */
export const adminCaseSchema = z.object({
  case: disputeSchema,
  buyerTransactionId: z.nullable(z.string()),
  sellerTransactionId: z.nullable(z.string()),
  handover: z.array(handoverRecordSchema),
});
export type AdminCase = z.infer<typeof adminCaseSchema>;
