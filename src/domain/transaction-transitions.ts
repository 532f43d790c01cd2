/**
 * How a transaction moves: per flow, which event (a party's action or a provider's result) takes
 * which status to which. SPEC §4.2 lists statuses and §4.3 step events but no transitions; this
 * table is the design (docs/flows.md is written from it). Rules it keeps, tested entry by entry:
 * every status of a flow's mapping is reachable from the flow's first status, every status an
 * event leads to has a route in that flow, and every failure status has a way forward.
 */
import { FLOWS, STEP_EVENTS, type Flow, type StepEvent, type TransactionStatus } from './transaction-flows';

/** §4.3 step events that are a provider's answer rather than a party's action. */
const STEP_RESULTS = ['identity updated address success'] as const;
type StepResult = (typeof STEP_RESULTS)[number];
const isStepAction = (event: StepEvent): event is Exclude<StepEvent, StepResult> => !(STEP_RESULTS as readonly string[]).includes(event);

/**
 * Changes to what a side sees that happen beside its steps — money moving, the car's transport,
 * the documents, the title arriving, the sale closing, the lender's answer, who is on the deal.
 * Each is recorded in the side's log, so its version rises and its open screens follow (DESIGN.md
 * §13); they move no status, have their own lines in the deal's timeline (its money, transport and
 * documents), and never make a party's view stale.
 */
export const VIEW_CHANGE_EVENTS = [
  'money moved',
  'shipment updated',
  'documents updated',
  'title received',
  'sale closed',
  'lender decided',
  'parties changed',
  'handover recorded',
  'delivery confirmed',
  'problem raised',
  'dispute evidence added',
  'dispute decided',
] as const;
export type ViewChangeEvent = (typeof VIEW_CHANGE_EVENTS)[number];
export const isViewChange = (event: string): event is ViewChangeEvent => (VIEW_CHANGE_EVENTS as readonly string[]).includes(event);

/** What a party does: the §4.3 step events plus forms submitted, the widget finished, retries. */
export const PARTY_EVENTS = [
  ...STEP_EVENTS.filter(isStepAction),
  'identity submitted',
  'identity retried',
  'address submitted',
  'address updated',
  'finance application submitted',
  'protection chosen',
  'insurance quote requested',
  'insurance coverage selected',
  'transport booked',
  'registered owners submitted',
  'vehicle received',
  'signing started',
  'gov id started',
  'gov id retried',
  'documents signed',
  'reports reviewed',
  'title lender submitted',
  'title document replaced',
  'agent authorized',
  'payout account changed',
] as const;

/** Results only a provider adapter on the server may write (identity, address, lenders, carriers …). */
export const PROVIDER_EVENTS = [
  ...STEP_RESULTS,
  'identity approved',
  'identity declined',
  'address verified',
  'address not verified',
  'loans offered',
  'no loans offered',
  'insurance quoted',
  'no insurance quotes',
  'vehicle verified',
  'gov id approved',
  'gov id declined',
  'gov id approved after review',
  'gov id declined after review',
  'signatures collected',
  'price breakdown ready',
  'inspection completed',
  'title approved',
  'title photo needed',
  'vehicle verification paused',
  'payment returned',
  'sale cancelled',
  ...VIEW_CHANGE_EVENTS,
] as const;

/** Results recorded in the timeline that move no status: a cancelled sale is the deal's state, not a step's. */
export const RECORDED_ONLY_EVENTS = [
  'sale cancelled',
  ...VIEW_CHANGE_EVENTS,
] as const satisfies readonly (typeof PROVIDER_EVENTS)[number][];

export type PartyEvent = (typeof PARTY_EVENTS)[number];
export type ProviderEvent = (typeof PROVIDER_EVENTS)[number];
export type TransactionEvent = PartyEvent | ProviderEvent;
export const TRANSACTION_EVENTS: [TransactionEvent, ...TransactionEvent[]] = [...PROVIDER_EVENTS, ...PARTY_EVENTS];

type Transitions = Partial<Record<TransactionStatus, Partial<Record<TransactionEvent, TransactionStatus>>>>;

const IDENTITY_ADDRESS: Transitions = {
  identity_started: { 'identity submitted': 'identity_submitted' },
  identity_submitted: { 'identity approved': 'identity_success', 'identity declined': 'identity_failed' },
  identity_failed: { 'identity retried': 'identity_started' },
  identity_success: { 'address submitted': 'identity_address_submitted' },
  identity_address_submitted: { 'address verified': 'identity_address_completed', 'address not verified': 'identity_address_failed' },
  // A failed address check: correct it by hand (checked again) or upload a proof of address (reviewed).
  identity_address_failed: {
    'address updated': 'identity_updated_address_submitted',
    'identity address uploaded': 'identity_updated_address_submitted',
  },
  identity_updated_address_submitted: {
    'identity updated address success': 'identity_updated_address_completed',
    'address not verified': 'identity_updated_address_failed',
  },
  identity_updated_address_failed: {
    'address updated': 'identity_updated_address_submitted',
    'identity address uploaded': 'identity_updated_address_submitted',
  },
  identity_address_completed: { 'identity done': 'identity_done' },
  identity_updated_address_completed: { 'identity done': 'identity_done' },
};

/** Gov-ID check before e-signing, shared by the flows whose mapping lists the gov_id statuses. */
const GOV_ID: Transitions = {
  signature_gov_id_started: {
    'gov id approved': 'signature_gov_id_success',
    'gov id declined': 'signature_gov_id_failed',
    'gov id approved after review': 'signature_gov_id_success_manual_review',
    'gov id declined after review': 'signature_gov_id_failed_manual_review',
  },
  signature_gov_id_failed: { 'gov id retried': 'signature_started' },
  signature_gov_id_failed_manual_review: { 'gov id retried': 'signature_started' },
  signature_gov_id_success: { 'documents signed': 'signature_completed' },
  signature_gov_id_success_manual_review: { 'documents signed': 'signature_completed' },
  signature_completed: { 'signatures collected': 'signature_done' },
};

/**
 * Choices a buyer may change after making them (price breakdown "Edit financing", "Edit
 * protection"): another of the loan offers they have, or cash; another plan, or none. They stay
 * open until the buyer acknowledges the price breakdown, which fixes the amount due at signing;
 * a change moves no status.
 */
const BUYER_CHANGES = {
  financing: ['finance done', 'finance skipped'],
  protection: ['protection chosen', 'protection skipped'],
  transport: ['transport booked'],
} as const satisfies Record<string, readonly PartyEvent[]>;

/** `table` with `event` leading to `to` from each of `statuses` (moves already there win). */
function withMove(table: Transitions, statuses: TransactionStatus[], event: TransactionEvent, to?: TransactionStatus): Transitions {
  const moves = Object.fromEntries(statuses.map((status) => [status, { [event]: to ?? status }]));
  return Object.fromEntries(
    Object.keys({ ...table, ...moves }).map((status) => [status, { ...moves[status], ...table[status as TransactionStatus] }]),
  ) as Transitions;
}

/** `table` with `events` also taken, unchanged status, at each of `statuses` (a choice changed in place). */
const withChanges = (table: Transitions, statuses: TransactionStatus[], events: readonly PartyEvent[]): Transitions =>
  events.reduce((changed, event) => withMove(changed, statuses, event), table);

/**
 * Where a returned payment (the bank sent the debit back) takes the buyer back to the payment
 * step, with the reason: any status after paying until the documents are signed.
 */
const PAID_UNSIGNED: TransactionStatus[] = [
  'payment_done',
  'signature_start',
  'signature_started',
  'signature_gov_id_started',
  'signature_gov_id_failed',
  'signature_gov_id_success',
  'signature_gov_id_success_manual_review',
  'signature_gov_id_failed_manual_review',
];
/** Where a buyer who collects the car says they have it: once paid (the server checks the sale is funded and signed). */
const PAID: TransactionStatus[] = [...PAID_UNSIGNED, 'signature_completed', 'signature_done'];
const without = (statuses: TransactionStatus[], left: TransactionStatus) => statuses.filter((status) => status !== left);

const AFTER_PROTECTION: TransactionStatus[] = [
  'protection_done',
  'insurance_completed',
  'insurance_failed',
  'insurance_opted',
  'insurance_done',
  'transport_done',
  'verification_completed',
  'verification_done',
];

const FINANCED_BUYER: Transitions = {
  ...IDENTITY_ADDRESS,
  ...GOV_ID,
  identity_done: { 'finance application submitted': 'finance_submitted', 'finance skipped': 'finance_done' },
  finance_submitted: { 'loans offered': 'finance_completed', 'no loans offered': 'finance_failed' },
  finance_completed: { 'finance done': 'finance_done', 'finance skipped': 'finance_done' },
  finance_failed: { 'finance application submitted': 'finance_submitted', 'finance skipped': 'finance_done' },
  finance_done: { 'protection chosen': 'protection_done', 'protection skipped': 'protection_done' },
  // The quote request and the carriers' answer are written together; the form shows loading meanwhile.
  protection_done: {
    'insurance quoted': 'insurance_completed',
    'no insurance quotes': 'insurance_failed',
    'insurance skipped': 'insurance_done',
  },
  insurance_completed: {
    'insurance coverage selected': 'insurance_opted',
    'insurance quoted': 'insurance_completed',
    'no insurance quotes': 'insurance_failed',
    'insurance skipped': 'insurance_done',
  },
  insurance_failed: {
    'insurance quoted': 'insurance_completed',
    'no insurance quotes': 'insurance_failed',
    'insurance skipped': 'insurance_done',
  },
  insurance_opted: {
    'insurance done': 'insurance_done',
    'insurance coverage selected': 'insurance_opted',
    'insurance skipped': 'insurance_done',
  },
  insurance_done: { 'transport booked': 'transport_done' },
  // The buyer's transport waits for the seller's vehicle to be verified (their title step), then goes on to payment.
  transport_done: { 'vehicle verified': 'verification_completed' },
  verification_completed: { 'verification done': 'verification_done' },
  verification_done: { 'price breakdown acknowledge': 'payment_start' },
  payment_start: { 'registered owners submitted': 'payment_start', 'bank linked': 'payment_done' },
  payment_done: { 'signature start': 'signature_start' },
  signature_start: { 'signing started': 'signature_started' },
  signature_started: { 'gov id started': 'signature_gov_id_started' },
};

/**
 * The title desk's answers to the seller's documents (it also checks the VIN plate and the
 * odometer against the vehicle's history): approved, another photo needed (the seller replaces
 * it and the review goes on), or the vehicle verification paused until the seller authorises
 * the product to act as their agent. Only approval moves the status.
 */
const TITLE_DESK_ANSWERS = [
  'title approved',
  'title photo needed',
  'vehicle verification paused',
] as const satisfies readonly ProviderEvent[];
const titleReview = (waiting: TransactionStatus): Partial<Record<TransactionEvent, TransactionStatus>> => ({
  'title approved': 'title_done',
  'title photo needed': waiting,
  'vehicle verification paused': waiting,
});

export const FLOW_TRANSITIONS: Record<Flow, Transitions> = {
  'financed-buyer': [
    (table: Transitions) => withChanges(table, ['finance_done', ...AFTER_PROTECTION], BUYER_CHANGES.financing),
    (table: Transitions) => withChanges(table, AFTER_PROTECTION, BUYER_CHANGES.protection),
    (table: Transitions) => withChanges(table, ['transport_done', 'verification_completed', 'verification_done'], BUYER_CHANGES.transport),
    (table: Transitions) => withMove(table, without(PAID_UNSIGNED, 'signature_start'), 'payment returned', 'payment_start'),
    (table: Transitions) => withMove(table, without(PAID, 'signature_start'), 'vehicle received'),
  ].reduce((table, add) => add(table), FINANCED_BUYER),
  // A payout the bank returned stays held until the seller chooses another account for it, at any time after their payment step.
  'title-report': withChanges(
    {
      ...IDENTITY_ADDRESS,
      // The seller's details end in the vehicle reports (SPEC: identity_completed → reports) before title work.
      identity_address_completed: { 'identity done': 'identity_completed' },
      identity_updated_address_completed: { 'identity done': 'identity_completed' },
      identity_completed: { 'reports reviewed': 'identity_done' },
      identity_done: { 'title lender submitted': 'title_lender_lessor_submitted', 'title docs uploaded': 'title_docs_submitted' },
      // With a lien the lender holds the title: no title photos, straight to the vehicle's photos.
      title_lender_lessor_submitted: titleReview('title_lender_lessor_submitted'),
      title_docs_submitted: { 'title docs uploaded': 'title_docs_submitted', ...titleReview('title_docs_submitted') },
      title_done: { 'price breakdown ready': 'pricebreakdown_start' },
      pricebreakdown_start: { 'price breakdown acknowledge': 'payment_start' },
      payment_start: { 'bank linked': 'payment_done' },
      // What a seller with negative equity brings can come back from their bank too.
      payment_done: { 'documents signed': 'signature_completed', 'payment returned': 'payment_start' },
      signature_completed: { 'signatures collected': 'signature_done' },
      signature_done: { 'inspection submitted': 'inspection_submitted', 'inspection skipped': 'inspection_done' },
      inspection_submitted: { 'inspection completed': 'inspection_completed', 'inspection skipped': 'inspection_done' },
      inspection_completed: { 'inspection done': 'inspection_done' },
    },
    ['payment_done', 'signature_completed', 'signature_done', 'inspection_submitted', 'inspection_completed', 'inspection_done'],
    ['payout account changed'],
  ),
  'dealer-financing': {
    finance_completed: { 'finance done': 'finance_done' },
    finance_done: { 'protection chosen': 'protection_done', 'protection skipped': 'protection_done' },
    protection_done: { 'vehicle verified': 'verification_completed' },
    verification_completed: { 'verification done': 'verification_done' },
    verification_done: { 'transport booked': 'transport_done' },
    transport_done: { 'signature start': 'signature_start' },
    signature_start: { 'signing started': 'signature_started' },
    signature_started: { 'documents signed': 'signature_completed' },
    signature_completed: { 'signatures collected': 'signature_done' },
  },
  // A dealer's customer, or a partner's buyer: the car's transport is arranged for them; a returned
  // payment and collecting the car at a pickup work as for any buyer.
  'payment-first': [
    (table: Transitions) => withMove(table, without(PAID_UNSIGNED, 'signature_start'), 'payment returned', 'payment_start'),
    (table: Transitions) => withMove(table, without(PAID, 'signature_start'), 'vehicle received'),
  ].reduce((table, add) => add(table), {
    ...GOV_ID,
    transport_done: { 'price breakdown acknowledge': 'payment_start' },
    payment_start: { 'bank linked': 'payment_done' },
    payment_done: { 'signature start': 'signature_started' },
    signature_started: { 'gov id started': 'signature_gov_id_started' },
  } as Transitions),
};

/** The status a new transaction of each flow starts in. */
export const FIRST_STATUS: Record<Flow, TransactionStatus> = {
  'financed-buyer': 'identity_started',
  'title-report': 'identity_started',
  'dealer-financing': 'finance_completed',
  'payment-first': 'transport_done',
};

/**
 * The kinds of deal and the flow each side follows in it: a sale made here (a buyer paying cash
 * skips financing inside the financed-buyer flow; a partner's deal on the usual terms is one too),
 * a partner's deal whose buyer pays first, and a dealer's sale to their customer.
 */
export const DEAL_KINDS = {
  'a private sale': { buyer: 'financed-buyer', seller: 'title-report' },
  'a partner’s deal, the buyer paying first': { buyer: 'payment-first', seller: 'title-report' },
  'a dealer’s sale': { buyer: 'payment-first', seller: 'dealer-financing' },
} as const satisfies Record<string, Record<'buyer' | 'seller', Flow>>;
export type DealKind = keyof typeof DEAL_KINDS;

/** The flow each side of a deal made here starts in. */
export const SIDE_FLOW = DEAL_KINDS['a private sale'];

/** The last status of each flow: nothing follows it. */
export const FINAL_STATUS: Record<Flow, TransactionStatus> = {
  'financed-buyer': 'signature_done',
  'title-report': 'inspection_done',
  'dealer-financing': 'signature_done',
  'payment-first': 'signature_done',
};

export function isFlow(value: string): value is Flow {
  return (FLOWS as readonly string[]).includes(value);
}

export function isProviderEvent(event: string): event is ProviderEvent {
  return (PROVIDER_EVENTS as readonly string[]).includes(event);
}

/** The status `event` leads to from `status` in `flow`, or undefined when the table has no such move. */
export function nextStatus(flow: Flow, status: TransactionStatus, event: TransactionEvent): TransactionStatus | undefined {
  return FLOW_TRANSITIONS[flow][status]?.[event];
}

/**
 * Party actions that ask a provider for an answer; the server writes the answer as the next
 * event. An action with no transition of its own (a quote request) is allowed where one of its
 * answers is.
 */
export const PROVIDER_REQUESTS: Partial<Record<PartyEvent, readonly ProviderEvent[]>> = {
  'identity submitted': ['identity approved', 'identity declined'],
  'address submitted': ['address verified', 'address not verified'],
  'address updated': ['identity updated address success', 'address not verified'],
  'identity address uploaded': ['identity updated address success', 'address not verified'],
  'finance application submitted': ['loans offered', 'no loans offered'],
  'insurance quote requested': ['insurance quoted', 'no insurance quotes'],
  'title vehicle docs uploaded': TITLE_DESK_ANSWERS,
  'title document replaced': TITLE_DESK_ANSWERS,
  'agent authorized': TITLE_DESK_ANSWERS,
};

/**
 * What the product does itself the moment a status is reached (no one waits on it): once the
 * title is approved, the seller's payout is known and their price breakdown is ready.
 */
export const AUTOMATIC_EVENTS: Partial<Record<Flow, Partial<Record<TransactionStatus, ProviderEvent>>>> = {
  'title-report': { title_done: 'price breakdown ready' },
};

/** Declined identity verifications after which a party is not eligible to continue online. */
export const IDENTITY_ATTEMPTS = 3;

/** Whether a party may send `event` now: the table moves on it, or it asks for an answer the table accepts. */
export function acceptsPartyEvent(flow: Flow, status: TransactionStatus, event: PartyEvent): boolean {
  if (nextStatus(flow, status, event)) return true;
  return !!PROVIDER_REQUESTS[event]?.some((answer) => nextStatus(flow, status, answer));
}

/** The events a party may send now, for screens that offer only what will be accepted. */
export function partyEventsFrom(flow: Flow, status: TransactionStatus): PartyEvent[] {
  return PARTY_EVENTS.filter((event) => acceptsPartyEvent(flow, status, event));
}

/** Whether a party in `flow` chooses the car's transport: the buyer of a sale made here, or a dealer for their customer. */
export const choosesTransport = (flow: Flow): boolean =>
  Object.values(FLOW_TRANSITIONS[flow]).some((moves) => moves !== undefined && 'transport booked' in moves);
