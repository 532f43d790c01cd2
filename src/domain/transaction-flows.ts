/**
 * Transaction statuses, the views of each step, and the four SPEC §4.2 mappings from a status to
 * the route (and view) a party sees — as data, so the `transaction` guard, the screens and the
 * server read one table. Transitions between statuses come with the transaction engine (issue 7).
 */

/** SPEC §4.2: every status belongs to a step; the full status is `<step>_<status>`. */
export const STEP_STATUSES = {
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

export type Step = keyof typeof STEP_STATUSES;
export type TransactionStatus = { [S in Step]: `${S}_${(typeof STEP_STATUSES)[S][number]}` }[Step];

export const TRANSACTION_STATUSES = (Object.keys(STEP_STATUSES) as Step[]).flatMap((step) =>
  STEP_STATUSES[step].map((status) => `${step}_${status}` as TransactionStatus),
);

/** The step a status belongs to. */
export function stepOf(status: TransactionStatus): Step {
  return (Object.keys(STEP_STATUSES) as Step[]).find(
    (step) => status.startsWith(`${step}_`) && (STEP_STATUSES[step] as readonly string[]).includes(status.slice(step.length + 1)),
  )!;
}

/** SPEC §4.4 views per screen; every step also has a read-only view for when it is done. */
export const STEP_VIEWS = {
  financing: ['application form', 'landing', 'no offers', 'offer list', 'pending', 'read only'],
  identity: ['additional info form', 'reports', 'error', 'landing', 'loading', 'manual address form', 'read only', 'success'],
  title: [
    'add lender details',
    'add lending amount details',
    'doc upload',
    'read only',
    'status',
    'vehicle doc upload',
    'ownership doc upload',
  ],
  'vehicle verification': ['pause'],
  inspection: ['landing', 'read only', 'success', "what's next"],
  insurance: ['iframe content', 'loading', 'no quotes', 'policy confirm', 'quote form', 'quotes list', 'read only', 'resume step'],
  payment: ['link bank account', 'loading', 'price breakdown', 'read only', 'success', 'entity docs', 'registered owners form'],
  protection: ['read only', 'landing'],
  signature: ['read only', 'started', 'government started', 'gov id success', 'gov id failed', 'gov id manual review failed'],
  transport: ['landing', 'read only', 'success'],
} as const;

export type ViewScreen = keyof typeof STEP_VIEWS;
export type View = (typeof STEP_VIEWS)[ViewScreen][number];

/** The screens a status can send a party to, with their paths (SPEC §2.4, §2.5). */
export const FLOW_ROUTES = {
  identity: '/transaction/identity',
  financing: '/transaction/financing',
  protection: '/transaction/protection',
  insurance: '/transaction/insurance',
  transport: '/transaction/transport',
  'transport status': '/transaction/transport/status',
  payment: '/transaction/payment',
  signature: '/transaction/signature',
  'signature success': '/transaction/signature/success',
  title: '/transaction/title',
  'title status': '/transaction/title/status',
  inspection: '/transaction/inspection',
  'inspection success': '/transaction/inspection/success',
  'dealer finance': '/finance',
  'dealer finance status': '/finance/status',
  home: '/',
} as const;

export type FlowRoute = keyof typeof FLOW_ROUTES;
export type Destination = { route: FlowRoute; view?: View };

export const FLOWS = ['financed-buyer', 'title-report', 'dealer-financing', 'payment-first'] as const;
export type Flow = (typeof FLOWS)[number];

const to = (route: FlowRoute, view?: View): Destination => (view ? { route, view } : { route });

/** SPEC §4.2, the four mappings, entry for entry. A status a flow does not list is not part of it. */
export const FLOW_MAPPINGS: Record<Flow, Partial<Record<TransactionStatus, Destination>>> = {
  'financed-buyer': {
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
  return destination && { path: FLOW_ROUTES[destination.route], ...(destination.view ? { view: destination.view } : {}) };
}

/** SPEC §4.3 step events, the inputs the transaction engine's transition tables will read. */
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
