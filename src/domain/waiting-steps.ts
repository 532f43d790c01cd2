/**
 * Steps both sides of a deal walk: when one side finishes such a step and the other has not, the
 * other is told theirs is waiting (a notification, issue 21). Said from the flows' step tables,
 * so any status change made through the engine raises it, whoever makes it.
 */
import { stepStates } from './step-progress';
import type { Flow, TransactionStatus } from './transaction-flows';
import type { Step } from './transaction-steps';

/** What finishing the step means, said of the other party ("Your buyer has …"). */
export const SHARED_STEPS: Partial<Record<Step, string>> = {
  identity: 'verified their identity',
  payment: 'arranged payment',
  signature: 'signed the sale documents',
};

/** The shared steps a move from `from` to `to` finished. */
export function sharedStepsDone(flow: Flow, from: TransactionStatus, to: TransactionStatus): Step[] {
  const before = stepStates(flow, from);
  return stepStates(flow, to)
    .filter(({ step, state }) => state === 'done' && SHARED_STEPS[step] && before.find((was) => was.step === step)?.state !== 'done')
    .map(({ step }) => step);
}

/** Whether `step` is still to be done at `status` (false when the flow has no such step). */
export function stepOpen(flow: Flow, status: TransactionStatus, step: Step): boolean {
  const state = stepStates(flow, status).find((candidate) => candidate.step === step)?.state;
  return state !== undefined && state !== 'done';
}
