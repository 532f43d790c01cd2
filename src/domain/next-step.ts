/**
 * Who must act next on a side of a deal, and where (issue 30): one definition, worked out by the
 * server from both sides (it alone sees the other side's status) and shown as the call to action
 * on the dashboard, in the transaction lists and on the transaction's own screens. A step the sale
 * waits on is always reachable: "your turn" leads to its screen, whoever else it waits for is
 * named — the other party, the dealer, or the provider at work — and what then happens by itself.
 */
import { hasPaid } from './deal-facts';
import { handoverNext, type HandoverNextInput } from './handover-next';
import { isFinished } from './sale-state';
import type { Side } from './parties';
import { stepScreen, stepStates } from './step-progress';
import { destinationFor, type Flow, type TransactionStatus } from './transaction-flows';
import type { NextStep, WaitingOn } from './transaction-contract';
import { SCREENS, transactionEntry, type Step } from './transaction-steps';
import { FINAL_STATUS, nextStatus, partyEventsFrom } from './transaction-transitions';

/** What a party does at each step, said as the next thing to do. */
export const STEP_ACTIONS: Record<Step, { text: string; label: string }> = {
  identity: { text: 'Verify your identity.', label: 'Verify your identity' },
  financing: { text: 'Choose how you pay: a loan or cash.', label: 'Choose how you pay' },
  protection: { text: 'Choose your protection, or go without.', label: 'Choose protection' },
  insurance: { text: 'Arrange insurance for the car.', label: 'Arrange insurance' },
  transport: { text: 'Choose pickup or delivery.', label: 'Choose pickup or delivery' },
  payment: { text: 'Review the figures and link your bank account.', label: 'Go to payment' },
  title: { text: 'Send your title documents.', label: 'Send your title' },
  signature: { text: 'Sign the sale documents.', label: 'Sign the documents' },
  inspection: { text: 'Send your self-inspection of the car, or skip it.', label: 'Inspect the car' },
};

/** A dealer's own words for the steps of their sale. */
const DEALER_ACTIONS: Partial<Record<Step, { text: string; label: string }>> = {
  financing: { text: 'Structure the deal within the lender’s terms, and send what it asks for.', label: 'Go to the sale' },
  transport: { text: 'Choose pickup on your lot or delivery to your customer.', label: 'Choose pickup or delivery' },
};

/** What the other party still has to do, as "Waiting for the seller to …". */
const THEIR_STEP: Record<Step, string> = {
  identity: 'verify their identity',
  financing: 'choose how they pay',
  protection: 'choose their protection',
  insurance: 'arrange insurance',
  transport: 'choose pickup or delivery',
  payment: 'link their bank and pay',
  title: 'send their title documents',
  signature: 'sign the sale documents',
  inspection: 'send their self-inspection of the car (or skip it)',
};

/**
 * The party's own current step as their next thing to do, from their status alone: for a copy the
 * server has not worked `next` out for (saved before it had one), or one an action not sent yet
 * moved on (optimistic.ts) — never the server's answer for the status before.
 */
export function ownNextStep(transactionId: string, flow: Flow, status: TransactionStatus): NextStep | null {
  const current = currentStep(flow, status);
  return current
    ? { who: 'you', text: STEP_ACTIONS[current].text, action: { label: 'Continue', to: transactionEntry(transactionId) } }
    : null;
}

export interface SideFacts {
  transactionId: string;
  side: Side;
  flow: Flow;
  status: TransactionStatus;
  /** What the title desk and the inspection service have answered (the step data's own). */
  data: { title: { review: { state: string } | null }; inspection: { report: unknown } };
}

export interface NextStepInput extends SideFacts {
  cancelled: boolean;
  /** Once both have signed: the sale's stage and how the car changes hands (handover-next.ts). */
  handover?: Omit<HandoverNextInput, 'transactionId' | 'side'>;
  other: Omit<SideFacts, 'transactionId' | 'data'> | null;
  /** In a dealer's sale: the dealership's name and whether it has signed. */
  dealer: { name: string; signed: boolean } | null;
}

const currentStep = (flow: Flow, status: TransactionStatus) => stepStates(flow, status).find((step) => step.state === 'current')?.step;

/** Where the party acts on `step`: the screen their status sends them to, or the step's own screen when that is outside it (home). */
function screenFor(facts: SideFacts, step: Step): string {
  const destination = destinationFor(facts.flow, facts.status);
  const path = destination?.path.startsWith('/transaction/') ? destination.path : SCREENS[stepScreen(facts.flow, step)].path;
  return `${path}?transaction=${facts.transactionId}`;
}

/** Whether the party has an action that moves their transaction on (not only a choice changed in place). */
const canMove = (flow: Flow, status: TransactionStatus) =>
  partyEventsFrom(flow, status).some((event) => nextStatus(flow, status, event) !== status);

const otherName = (input: NextStepInput): WaitingOn =>
  input.other?.flow === 'dealer-financing' ? 'dealer' : (input.other?.side ?? 'seller');

export function nextStep(input: NextStepInput): NextStep | null {
  if (input.cancelled || (input.handover && isFinished(input.handover.sale))) return null;
  const { flow, status, data, other } = input;
  // Once the party's steps are done, the handover and the buyer's check are what the sale waits for.
  const delivery = input.handover && handoverNext({ transactionId: input.transactionId, side: input.side, ...input.handover });
  const waitFor = (who: WaitingOn, text: string): NextStep => ({ who, text, action: null });
  const words = (step: Step) => (flow === 'dealer-financing' ? DEALER_ACTIONS[step] : undefined) ?? STEP_ACTIONS[step];
  const yourTurn = (step: Step, text = words(step).text, label = words(step).label): NextStep => ({
    who: 'you',
    text,
    action: { label, to: screenFor(input, step) },
  });

  if (status === FINAL_STATUS[flow]) {
    if (delivery) return delivery;
    const theirs = other && other.status !== FINAL_STATUS[other.flow] ? currentStep(other.flow, other.status) : undefined;
    return theirs ? waitFor(otherName(input), `Your part is done. Waiting for the ${otherName(input)} to ${THEIR_STEP[theirs]}.`) : null;
  }
  if (input.dealer && !input.dealer.signed && flow === 'payment-first')
    return waitFor('dealer', `${input.dealer.name} is preparing your sale; we e-mail you when it is ready for you.`);

  const review = data.title.review?.state;
  if (review === 'paused')
    return {
      who: 'you',
      text: 'Authorise Caramel to act for you with the title desk.',
      action: { label: 'Authorise', to: screenFor(input, 'title') },
    };
  if (review === 'needs photo') return yourTurn('title', 'The title desk needs another photo of your title.');
  if (review === 'pending') return waitFor('title desk', 'The title desk is reviewing your documents; this updates by itself.');
  if (status === 'inspection_submitted' && !data.inspection.report)
    return waitFor('inspection service', 'The inspection service is writing its report; this updates by itself.');
  // The buyer's transport waits for the seller's car to be verified (their title step).
  if (flow === 'financed-buyer' && status === 'transport_done')
    return waitFor('seller', 'Waiting for the seller’s car to be verified by the title desk; this updates by itself.');

  const step = currentStep(flow, status);
  if (!step) return null;
  if (status === 'verification_completed' && flow === 'financed-buyer')
    return yourTurn(step, 'The seller’s car is verified: go on to the price breakdown and payment.', 'Go on to payment');
  const them = otherName(input);
  if (step === 'signature' && other) {
    if (status === 'signature_completed') return waitFor(them, `You signed. Waiting for the ${them} to sign.`);
    // The documents are made once the figures in them are final: after the other side's payment (server/modules/signing).
    if (other.flow !== 'dealer-financing' && flow !== 'dealer-financing' && !hasPaid(other.status))
      return waitFor(them, `Waiting for the ${them} to pay; the documents are made then, and you both sign.`);
  }
  return canMove(flow, status) ? yourTurn(step) : waitFor(them, `Waiting for the ${them}.`);
}
