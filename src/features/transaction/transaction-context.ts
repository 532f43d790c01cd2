/** What the transaction shell hands every step screen: the saved transaction and its unsent actions. */
import type { ComponentType } from 'react';
import { useOutletContext } from 'react-router-dom';
import { STEP_VIEWS, type Step, type ViewOf } from '../../domain/transaction-steps';
import type { PartyEvent } from '../../domain/transaction-transitions';
import type { TransactionDetail } from '../../domain/transaction-contract';
import type { Move } from '../../data/outbox/outbox';
import type { TransactionAction } from '../../data/outbox/outbox-rows';

export interface TransactionContext {
  detail: TransactionDetail;
  savedAt: number;
  /** Actions taken but not yet applied by the server (offline, or on their way). */
  pending: TransactionAction[];
  act: (event: PartyEvent, payload?: Record<string, unknown>) => Promise<void>;
  /** Several actions one press takes, queued together: the screen never draws the statuses between them. */
  actInOrder: (moves: readonly Move[]) => Promise<void>;
}

export const useTransactionContext = () => useOutletContext<TransactionContext>();

/** Whether an action of this kind is still waiting to be applied. */
export const isPending = (pending: TransactionAction[], event: PartyEvent) =>
  pending.some((row) => row.state === 'pending' && row.event === event);

/** A step's screen: a component for each of the step's SPEC §4.4 views (a missing one is a type error). */
export type StepViews<S extends Step> = Record<ViewOf<S>, ComponentType>;

/** The view a step screen shows: read-only once done, otherwise the one the status maps to, else `fallback`. */
export function stepView<S extends Step>(detail: TransactionDetail, step: S, fallback: ViewOf<S>): ViewOf<S> {
  const state = detail.steps.find((candidate) => candidate.step === step)?.state;
  if (state === 'done') return 'read only' as ViewOf<S>;
  const view = detail.destination?.view;
  return view && (STEP_VIEWS[step] as readonly string[]).includes(view) ? (view as ViewOf<S>) : fallback;
}
