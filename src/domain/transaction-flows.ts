/**
 * Transaction statuses and the four SPEC §4.2 mappings from a status to the screen (and view) a
 * party sees — as data, so the `transaction` guard, the screens and the server read one table.
 * How statuses move is transaction-transitions.ts; screens and steps are transaction-steps.ts.
 */
import { SCREENS, type Screen, type StepOfScreen, type View, type ViewOf } from './transaction-steps';

/**
 * SPEC §4.2: every status belongs to a group (SPEC says "step"); the full status is
 * `<group>_<status>`. Three groups are part of a step with another name (step-progress.ts).
 */
export const STATUS_GROUPS = {
  identity: [
    'started',
    'submitted',
    'success',
    'failed',
    'address_submitted',
    'address_failed',
    'address_completed',
    'updated_address_submitted',
    'updated_address_failed',
    'updated_address_completed',
    'completed',
    'done',
  ],
  finance: ['submitted', 'completed', 'failed', 'done'],
  protection: ['done'],
  insurance: ['completed', 'failed', 'opted', 'done'],
  transport: ['done'],
  verification: ['completed', 'done'],
  payment: ['start', 'done'],
  signature: [
    'start',
    'started',
    'completed',
    'gov_id_started',
    'gov_id_failed',
    'gov_id_success',
    'gov_id_success_manual_review',
    'gov_id_failed_manual_review',
    'done',
  ],
  title: ['lender_lessor_submitted', 'docs_submitted', 'done'],
  inspection: ['submitted', 'completed', 'done'],
  pricebreakdown: ['start'],
} as const;

export type StatusGroup = keyof typeof STATUS_GROUPS;
export type TransactionStatus = { [G in StatusGroup]: `${G}_${(typeof STATUS_GROUPS)[G][number]}` }[StatusGroup];

export const TRANSACTION_STATUSES = (Object.keys(STATUS_GROUPS) as StatusGroup[]).flatMap((group) =>
  STATUS_GROUPS[group].map((status) => `${group}_${status}` as TransactionStatus),
);

/** The group a status belongs to. */
export function groupOf(status: TransactionStatus): StatusGroup {
  return (Object.keys(STATUS_GROUPS) as StatusGroup[]).find(
    (group) => status.startsWith(`${group}_`) && (STATUS_GROUPS[group] as readonly string[]).includes(status.slice(group.length + 1)),
  )!;
}

export const FLOWS = ['financed-buyer', 'title-report', 'dealer-financing', 'payment-first'] as const;
export type Flow = (typeof FLOWS)[number];

/** Where a status sends a party: a screen, and one of its step's views (checked by the compiler). */
export interface Destination {
  screen: Screen;
  view?: View;
}

const to = <N extends Screen>(screen: N, view?: ViewOf<StepOfScreen<N>>): Destination => (view ? { screen, view } : { screen });

/** SPEC §4.2 identity entries of the financed-buyer mapping; the seller's flow shares them. */
const IDENTITY_DESTINATIONS = {
  identity_started: to('identity', 'landing'),
  identity_submitted: to('identity', 'loading'),
  identity_success: to('identity', 'landing'),
  identity_failed: to('identity', 'error'),
  identity_address_submitted: to('identity', 'loading'),
  identity_address_failed: to('identity', 'manual address form'),
  identity_address_completed: to('identity', 'additional info form'),
  identity_updated_address_submitted: to('identity', 'loading'),
  identity_updated_address_failed: to('identity', 'manual address form'),
  identity_updated_address_completed: to('identity', 'additional info form'),
} satisfies Partial<Record<TransactionStatus, Destination>>;

/** SPEC §4.2, the four mappings, entry for entry (the seller's flow also takes the identity entries). A status a flow does not list is not part of it. */
export const FLOW_MAPPINGS: Record<Flow, Partial<Record<TransactionStatus, Destination>>> = {
  'financed-buyer': {
    ...IDENTITY_DESTINATIONS,
    identity_done: to('financing', 'landing'),
    finance_submitted: to('financing', 'pending'),
    finance_completed: to('financing'),
    finance_failed: to('financing', 'no offers'),
    finance_done: to('protection'),
    protection_done: to('insurance', 'quote form'),
    insurance_completed: to('insurance', 'quotes list'),
    insurance_failed: to('insurance', 'no quotes'),
    insurance_opted: to('insurance'),
    insurance_done: to('transport', 'landing'),
    transport_done: to('transport status', 'success'),
    verification_completed: to('transport status', 'success'),
    verification_done: to('payment', 'loading'),
    payment_start: to('payment', 'link bank account'),
    payment_done: to('signature'),
    signature_start: to('signature'),
    signature_started: to('signature'),
    signature_gov_id_started: to('signature'),
    signature_gov_id_failed: to('signature'),
    signature_gov_id_success: to('signature'),
    signature_gov_id_success_manual_review: to('signature'),
    signature_gov_id_failed_manual_review: to('signature'),
    signature_completed: to('signature success'),
    signature_done: to('signature success'),
  },
  'title-report': {
    // The seller verifies like the buyer (the financed-buyer identity entries), then sees the reports.
    ...IDENTITY_DESTINATIONS,
    identity_completed: to('identity', 'reports'),
    identity_done: to('title status'),
    title_lender_lessor_submitted: to('title'),
    title_docs_submitted: to('title', 'vehicle doc upload'),
    title_done: to('payment', 'loading'),
    pricebreakdown_start: to('payment', 'loading'),
    payment_start: to('payment', 'link bank account'),
    payment_done: to('signature'),
    signature_completed: to('home'),
    signature_done: to('home'),
    inspection_submitted: to('inspection', 'landing'),
    inspection_completed: to('inspection success'),
    inspection_done: to('inspection success', "what's next"),
  },
  'dealer-financing': {
    finance_done: to('dealer finance'),
    finance_completed: to('dealer finance'),
    protection_done: to('dealer finance status'),
    verification_completed: to('dealer finance status'),
    verification_done: to('transport', 'landing'),
    transport_done: to('signature'),
    signature_start: to('signature'),
    signature_started: to('signature'),
    signature_completed: to('inspection success', "what's next"),
    signature_done: to('inspection success', "what's next"),
  },
  'payment-first': {
    transport_done: to('payment'),
    payment_start: to('payment', 'link bank account'),
    payment_done: to('signature'),
    signature_gov_id_started: to('signature', 'started'),
    signature_gov_id_success: to('signature', 'gov id success'),
    signature_gov_id_success_manual_review: to('signature', 'gov id success'),
    signature_gov_id_failed: to('signature', 'gov id failed'),
    signature_gov_id_failed_manual_review: to('signature', 'gov id manual review failed'),
    signature_started: to('signature', 'started'),
    signature_completed: to('signature success'),
    signature_done: to('signature success'),
  },
};

/** Where a party in `flow` with `status` belongs, or undefined when the flow has no such status. */
export function destinationFor(flow: Flow, status: TransactionStatus): { path: string; view?: View } | undefined {
  const destination = FLOW_MAPPINGS[flow][status];
  return destination && { path: SCREENS[destination.screen].path, ...(destination.view ? { view: destination.view } : {}) };
}

/** SPEC §4.3 step events: inputs of the transition tables (transaction-transitions.ts). */
export const STEP_EVENTS = [
  'finance done',
  'finance skipped',
  'identity address uploaded',
  'identity done',
  'identity updated address success',
  'inspection done',
  'inspection skipped',
  'inspection submitted',
  'insurance done',
  'insurance skipped',
  'bank linked',
  'price breakdown acknowledge',
  'protection skipped',
  'signature start',
  'title docs uploaded',
  'title vehicle docs uploaded',
  'verification done',
] as const;
export type StepEvent = (typeof STEP_EVENTS)[number];
