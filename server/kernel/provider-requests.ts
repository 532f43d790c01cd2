/**
 * Requests the API owes to providers that answer by webhook (DESIGN.md §9), kept as rows: one is
 * written in the same database transaction as the party's action that asks for it, so neither is
 * ever without the other; then it is handed over at once, and again with growing pauses (1 s
 * doubling to 5 min) while the provider cannot take it — the party sees a waiting step, never a
 * lost action. Each provider keys its work by our request id, so handing one over twice is safe.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { StepData } from '../../src/domain/transaction-contract';
import type { PartyEvent } from '../../src/domain/transaction-transitions';
import type { Database } from '../db/client';
import { providerRequests } from '../db/provider-tables';
import type { AsyncProviderName } from '../providers/async-providers';
import type { Providers } from '../providers/providers';
import type { Tx } from './event-log';

export interface RequestVehicle {
  vin: string;
  modelYear: number;
  mileage: number;
}

type Builder = { provider: AsyncProviderName; kind: string; body: (data: StepData, vehicle: RequestVehicle) => Record<string, unknown> };

const titleReview: Builder = {
  provider: 'title-desk',
  kind: 'review',
  body: (data, vehicle) => ({
    vehicle,
    documents: data.title.documents,
    odometerReading: data.title.odometerReading,
    lien: data.title.lien !== null,
    agentAuthorized: data.title.agentAuthorization !== null,
  }),
};

/** The party actions that hand a request to an asynchronous provider; the body is built from the step data once the action applied. */
const ASYNC_REQUESTS: Partial<Record<PartyEvent, Builder>> = {
  'title vehicle docs uploaded': titleReview,
  'title document replaced': titleReview,
  'agent authorized': titleReview,
  'inspection submitted': {
    provider: 'inspection',
    kind: 'report',
    body: (data, vehicle) => ({ vehicle, photos: data.inspection.photos, damage: data.inspection.damage }),
  },
};

export async function queueProviderRequest(tx: Tx, transactionId: string, event: PartyEvent, data: StepData, vehicle: RequestVehicle) {
  const builder = ASYNC_REQUESTS[event];
  if (builder) await queueRequest(tx, { transactionId, provider: builder.provider, kind: builder.kind, body: builder.body(data, vehicle) });
}

/** Writes a request to hand to `provider` (with the caller's change, in its database transaction). */
export async function queueRequest(
  tx: Tx,
  request: { transactionId: string; provider: AsyncProviderName; kind: string; body: Record<string, unknown> },
): Promise<void> {
  await tx.insert(providerRequests).values(request);
}

/** Whether a request of `kind` to `provider` was ever written for the transaction (one that must go out once). */
export async function hasRequest(tx: Tx, transactionId: string, provider: AsyncProviderName, kind: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: providerRequests.id })
    .from(providerRequests)
    .where(
      and(eq(providerRequests.transactionId, transactionId), eq(providerRequests.provider, provider), eq(providerRequests.kind, kind)),
    );
  return found !== undefined;
}

const BATCH = 10;
const retryDelaySeconds = (attempts: number) => Math.min(300, 2 ** Math.min(attempts, 9));

/**
 * Hands over every request that is due, a batch at a time; rows another API process is handing
 * over are skipped (locked), so none goes out twice at once.
 */
export async function dispatchProviderRequests(db: Database, providers: Providers, callbackBase: string): Promise<void> {
  for (;;) {
    const handled = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(providerRequests)
        .where(and(eq(providerRequests.status, 'pending'), lte(providerRequests.nextAttemptAt, sql`now()`)))
        .orderBy(asc(providerRequests.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const request of due) {
        try {
          const { externalId } = await providers.async[request.provider as AsyncProviderName].submit({
            id: request.id,
            transactionId: request.transactionId,
            kind: request.kind,
            body: request.body as Record<string, unknown>,
            callbackUrl: `${callbackBase.replace(/\/$/, '')}/api/webhooks/${request.provider}`,
          });
          await tx
            .update(providerRequests)
            // A credit application's SSN is the lender's from now on: we keep no copy (server/modules/dealers/dealer-sales.ts).
            .set({
              status: 'accepted',
              externalId,
              acceptedAt: sql`now()`,
              attempts: request.attempts + 1,
              lastError: null,
              body: sql`${providerRequests.body} - 'ssn'`,
            })
            .where(eq(providerRequests.id, request.id));
        } catch (error) {
          await tx
            .update(providerRequests)
            .set({
              attempts: request.attempts + 1,
              lastError: (error as Error).message.slice(0, 500),
              nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(request.attempts + 1)})`,
            })
            .where(eq(providerRequests.id, request.id));
        }
      }
      return due.length;
    });
    if (handled < BATCH) return;
  }
}
