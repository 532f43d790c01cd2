/**
 * The one step vocabulary: the steps a party walks through (progress bar, transaction lists,
 * document slots), the SPEC §4.4 views of each step, and every screen a transaction has, each
 * with its path and the step it belongs to. The flow tables (transaction-flows.ts) point at these
 * screens and the app builds its transaction routes from them, so a path is written only here.
 */

export const STEPS = [
  'identity',
  'financing',
  'protection',
  'insurance',
  'transport',
  'payment',
  'title',
  'signature',
  'inspection',
] as const;
export type Step = (typeof STEPS)[number];

/** What the progress bar and the transaction lists call each step. */
export const STEP_LABELS: Record<Step, string> = {
  identity: 'Identity',
  financing: 'Financing',
  protection: 'Protection',
  insurance: 'Insurance',
  transport: 'Transport',
  payment: 'Payment',
  title: 'Title',
  signature: 'Signature',
  inspection: 'Inspection',
};

/**
 * SPEC §4.4 views per step; every step also has a read-only view for when it is done. SPEC lists
 * "vehicle verification: pause" on its own: the seller's vehicle is verified in their title step
 * (VIN plate and odometer photos), so its pause view is one of the title step's.
 */
export const STEP_VIEWS = {
  identity: ['additional info form', 'reports', 'error', 'landing', 'loading', 'manual address form', 'read only', 'success'],
  financing: ['application form', 'landing', 'no offers', 'offer list', 'pending', 'read only'],
  protection: ['read only', 'landing'],
  insurance: ['iframe content', 'loading', 'no quotes', 'policy confirm', 'quote form', 'quotes list', 'read only', 'resume step'],
  transport: ['landing', 'read only', 'success'],
  payment: ['link bank account', 'loading', 'price breakdown', 'read only', 'success', 'entity docs', 'registered owners form'],
  title: [
    'add lender details',
    'add lending amount details',
    'doc upload',
    'read only',
    'status',
    'vehicle doc upload',
    'ownership doc upload',
    'pause',
  ],
  signature: ['read only', 'started', 'government started', 'gov id success', 'gov id failed', 'gov id manual review failed'],
  inspection: ['landing', 'read only', 'success', "what's next"],
} as const satisfies Record<Step, readonly string[]>;

export type ViewOf<S extends Step> = (typeof STEP_VIEWS)[S][number];
export type View = ViewOf<Step>;

/**
 * Every screen of a transaction (SPEC §2.4, §2.5) and the step it belongs to. Screens under
 * `/transaction/` are drawn inside the transaction shell; a screen no status points at (plan
 * details, registered owners) is a sub-page, open while its step is current or done.
 */
export const SCREENS = {
  identity: { path: '/transaction/identity', step: 'identity' },
  financing: { path: '/transaction/financing', step: 'financing' },
  protection: { path: '/transaction/protection', step: 'protection' },
  'caramel care': { path: '/transaction/protection/caramel-care', step: 'protection' },
  insurance: { path: '/transaction/insurance', step: 'insurance' },
  transport: { path: '/transaction/transport', step: 'transport' },
  'transport status': { path: '/transaction/transport/status', step: 'transport' },
  payment: { path: '/transaction/payment', step: 'payment' },
  'payment success': { path: '/transaction/payment/success', step: 'payment' },
  'registered owners': { path: '/transaction/payment/registered-owners-details', step: 'payment' },
  title: { path: '/transaction/title', step: 'title' },
  'title status': { path: '/transaction/title/status', step: 'title' },
  // SPEC §2.4: the vehicle verification pause, and the agent authorisation that lifts it.
  'vehicle verification pause': { path: '/transaction/greenLightPause', step: 'title' },
  'agent authorization': { path: '/transaction/pause/agent-authorization', step: 'title' },
  signature: { path: '/transaction/signature', step: 'signature' },
  'signature success': { path: '/transaction/signature/success', step: 'signature' },
  inspection: { path: '/transaction/inspection', step: 'inspection' },
  'inspection success': { path: '/transaction/inspection/success', step: 'inspection' },
  "what's next": { path: '/transaction/whats-next', step: 'inspection' },
  // SPEC: a seller who has signed goes "home" — their dashboard — with the optional inspection as what is left.
  home: { path: '/dashboard', step: 'inspection' },
  'dealer finance': { path: '/finance', step: 'financing' },
  'dealer finance status': { path: '/finance/status', step: 'financing' },
} as const satisfies Record<string, { path: string; step: Step }>;

export type Screen = keyof typeof SCREENS;
export type StepOfScreen<N extends Screen> = (typeof SCREENS)[N]['step'];

/** The screens drawn inside the transaction shell: the app's route table needs a page for each. */
export type ShellScreen = { [N in Screen]: (typeof SCREENS)[N]['path'] extends `/transaction/${string}` ? N : never }[Screen];
export const SHELL_SCREENS = (Object.keys(SCREENS) as Screen[]).filter((name): name is ShellScreen =>
  SCREENS[name].path.startsWith('/transaction/'),
);

/** SPEC §2.7: the success screens are drawn in the notification-flow layout, not the transaction's. */
export const SUCCESS_SCREENS: readonly Screen[] = ['payment success', 'signature success', 'inspection success'];

/** The screen at `path`, if a transaction has one there. */
export function screenAt(path: string): Screen | undefined {
  return (Object.keys(SCREENS) as Screen[]).find((name) => SCREENS[name].path === path);
}

/** The step a transaction screen belongs to (`/transaction/transport/status` → transport). */
export function stepOfPath(path: string): Step | undefined {
  const screen = screenAt(path);
  return screen && SCREENS[screen].step;
}

/** The way into a transaction from outside it: the `transaction` guard sends the party on to the screen their status maps to. */
export const TRANSACTION_ENTRY = '/transaction';
export const transactionEntry = (transactionId: string): string => `${TRANSACTION_ENTRY}?transaction=${transactionId}`;
