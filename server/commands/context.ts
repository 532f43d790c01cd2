/**
 * What every command runs with: the database, the providers, the app's origin (for links in
 * mail), and `run` — the unit of work (server/kernel/unit-of-work.ts) with what follows a change
 * on a deal (follow-deal.ts) and who is told of it (the subscribers the API gives).
 */
import { DELIVERY_CONFIRMATION_HOURS } from '../../src/domain/delivery';
import type { Database } from '../db/client';
import type { JsonRow } from '../db/json-rows';
import type { Subscribers } from '../kernel/domain-events';
import type { FeedEntry } from '../kernel/live-feed';
import { unitOfWork, type UnitOfWork, type WorkPlan } from '../kernel/unit-of-work';
import type { Providers } from '../providers/providers';
import { followDeal } from './follow-deal';

export interface CommandContext {
  db: Database;
  providers: Providers;
  appOrigin: string;
  run<T>(plan: WorkPlan, decide: (uow: UnitOfWork) => Promise<T>): Promise<{ result: T; replayed: boolean; read?: JsonRow | null }>;
}

export interface CommandOptions {
  db: Database;
  providers: Providers;
  appOrigin: string;
  subscribers: Subscribers;
  /** Hours after the handover until delivery counts as done with no problem raised (DELIVERY_CONFIRMATION_HOURS; 48 unless set). */
  deliveryHours?: number;
  /** After a commit that wrote to the outbox. */
  committed?: () => void;
  /** After a commit that wrote live notices, with them. */
  liveWritten?: (entries: FeedEntry[]) => void;
  /** Tests only: runs just before each commit. */
  beforeCommit?: (uow: UnitOfWork) => Promise<void>;
}

export function commandContext(options: CommandOptions): CommandContext {
  const { db, providers, appOrigin } = options;
  const deps = {
    db,
    subscribers: options.subscribers,
    committed: options.committed,
    liveWritten: options.liveWritten,
    beforeCommit: options.beforeCommit,
    follow: (uow: UnitOfWork, dealId: string) =>
      followDeal(uow, providers, dealId, { deliveryHours: options.deliveryHours ?? DELIVERY_CONFIRMATION_HOURS }),
  };
  return { db, providers, appOrigin, run: (plan, decide) => unitOfWork(deps, plan, decide) };
}

/** The owner of a signed-in person's idempotency keys. */
export const userKeys = (user: { id: string }) => `user:${user.id}`;
