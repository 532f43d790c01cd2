/**
 * Where a party stands: which steps their flow has, and which of them are done, current or still
 * to come at a status. The progress bar, the transaction lists and the `transaction` guard read it.
 */
import { FINAL_STATUS, FLOW_TRANSITIONS, PARTY_EVENTS, PROVIDER_REQUESTS, type PartyEvent } from './transaction-transitions';
import type { StepData, TransactionDetail } from './transaction-contract';
import { destinationFor, FLOW_MAPPINGS, groupOf, type Flow, type StatusGroup, type TransactionStatus } from './transaction-flows';
import { SCREENS, type Screen, type Step, type View } from './transaction-steps';

/** The steps a party walks through, in order, per flow (what the progress list shows). */
export const FLOW_STEPS = {
  'financed-buyer': ['identity', 'financing', 'protection', 'insurance', 'transport', 'payment', 'signature'],
  'title-report': ['identity', 'title', 'payment', 'signature', 'inspection'],
  'dealer-financing': ['financing', 'transport', 'signature'],
  'payment-first': ['payment', 'signature'],
} as const satisfies Record<Flow, readonly Step[]>;

/** SPEC's status groups that are part of a step with another name: finance, verification, pricebreakdown. */
const GROUP_STEP: Record<StatusGroup, Step> = {
  identity: 'identity',
  finance: 'financing',
  protection: 'protection',
  insurance: 'insurance',
  transport: 'transport',
  verification: 'transport',
  payment: 'payment',
  signature: 'signature',
  title: 'title',
  inspection: 'inspection',
  pricebreakdown: 'payment',
};

export type StepState = 'done' | 'current' | 'upcoming';

/** Each step of the flow as done, current or upcoming for `status`; at the last status all are done. */
export function stepStates(flow: Flow, status: TransactionStatus): { step: Step; state: StepState }[] {
  const steps: readonly Step[] = FLOW_STEPS[flow];
  const destination = FLOW_MAPPINGS[flow][status];
  let current = status === FINAL_STATUS[flow] || !destination ? steps.length : steps.indexOf(SCREENS[destination.screen].step);
  // A screen outside the flow's steps (dealer signing ends on "what's next") counts as the status's own step.
  if (current < 0) current = steps.indexOf(GROUP_STEP[groupOf(status)]);
  return steps.map((step, index) => ({ step, state: index < current ? 'done' : index === current ? 'current' : 'upcoming' }));
}

const DESTINATIONS = new Set<Screen>(Object.values(FLOW_MAPPINGS).flatMap((mapping) => Object.values(mapping).map((to) => to.screen)));

/** Whether a status can send a party to this path (a sub-page, such as plan details, is not one). */
export const isDestinationPath = (path: string): boolean => [...DESTINATIONS].some((screen) => SCREENS[screen].path === path);

/** The screen a step opens on: the progress bar links a done step there, to its read-only view. */
export function stepScreen(flow: Flow, step: Step): Screen {
  return flow === 'dealer-financing' && step === 'financing' ? 'dealer finance' : step;
}

/**
 * The step each party action belongs to: the step of the status it moves to (for a request, its
 * answers'); an action that never moves the status (saving who goes on the title) belongs to the
 * step of the status it is taken at.
 */
const ACTION_STEP = new Map<PartyEvent, Step>(
  PARTY_EVENTS.flatMap((event) => {
    const moves: string[] = [event, ...(PROVIDER_REQUESTS[event] ?? [])];
    const entries = Object.values(FLOW_TRANSITIONS)
      .flatMap((table) => Object.entries(table))
      .flatMap(([from, outcomes]) => Object.entries(outcomes).flatMap(([move, to]) => (moves.includes(move) ? [{ from, to }] : [])));
    const status = entries.find((entry) => entry.to !== entry.from)?.to ?? entries[0]?.from;
    return status ? [[event, GROUP_STEP[groupOf(status as TransactionStatus)]] as const] : [];
  }),
);

export const stepOfAction = (event: PartyEvent): Step | undefined => ACTION_STEP.get(event);

/**
 * Where a party belongs: the screen their status maps to — unless the title desk paused the
 * vehicle verification, which holds the seller on the pause screen until they act (SPEC §2.4).
 */
export function destinationOf(
  flow: Flow,
  status: TransactionStatus,
  data: Pick<StepData, 'title'>,
): { path: string; view?: View } | undefined {
  if (flow === 'title-report' && data.title.review?.state === 'paused')
    return { path: SCREENS['vehicle verification pause'].path, view: 'pause' };
  return destinationFor(flow, status);
}

/**
 * Whether the party is waiting on an answer that comes by webhook or from the other side — the
 * title desk, the inspection report, the seller's vehicle check before the buyer pays, money on
 * its way, a delivery under way — so the screen refreshes until it comes.
 */
export function awaitingProvider(detail: Pick<TransactionDetail, 'status' | 'data' | 'money' | 'shipment' | 'cancelledAt'>): boolean {
  if (detail.cancelledAt && !detail.money.items.some((item) => item.state === 'pending')) return false;
  return (
    detail.data.title.review?.state === 'pending' ||
    (detail.status === 'inspection_submitted' && detail.data.inspection.report === null) ||
    detail.status === 'transport_done' ||
    detail.money.items.some((item) => item.state === 'pending') ||
    (detail.shipment !== null &&
      !detail.shipment.handedOverAt &&
      detail.shipment.status !== 'booked' &&
      detail.shipment.status !== 'cancelled')
  );
}
