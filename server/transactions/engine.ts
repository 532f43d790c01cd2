/**
 * Applies a party's action to a transaction, only along the flow's transition table: the
 * idempotency key is stored with the change in one database transaction (a repeated key changes
 * nothing and answers the same), a stale expected version is answered with 409, an action the
 * status does not take with 422. A provider's answer is written as the next event in the same
 * database transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { payloadSchemaOf, type EventRequest } from '../../src/domain/transaction-events';
import { ACTION_LABELS } from '../../src/domain/action-labels';
import { stepStates } from '../../src/domain/step-progress';
import { STEP_LABELS } from '../../src/domain/transaction-steps';
import {
  acceptsPartyEvent,
  FINAL_STATUS,
  nextStatus,
  type PartyEvent,
  type TransactionEvent,
} from '../../src/domain/transaction-transitions';
import type { Flow, TransactionStatus } from '../../src/domain/transaction-flows';
import { parseInput } from '../validation';
import type { Database } from '../db/client';
import { deals, transactionEvents, transactions, vehicles } from '../db/schema';
import type { Providers } from '../providers/providers';
import type { UserRow } from '../users/user-records';
import { transactionFor, TransactionRefusal, type TransactionRow } from './access';
import { providerAnswer, type Answer } from './provider-answers';
import { foldStepData } from '../../src/domain/step-data';

export const STALE_VERSION =
  'This transaction changed since you last saw it, so your action was not applied. We loaded the latest; check it and try again.';

// Said in the user's words: the action by its label, the status by the step the party is on.
const notNow = (flow: Flow, event: PartyEvent, status: TransactionStatus) => {
  const current = stepStates(flow, status).find((step) => step.state === 'current');
  const where = current ? `at the ${STEP_LABELS[current.step].toLowerCase()} step` : 'complete';
  return `${ACTION_LABELS[event]} is not possible now: this transaction is ${where}.`;
};

export async function eventsOf(db: Database, transactionId: string) {
  return db
    .select()
    .from(transactionEvents)
    .where(eq(transactionEvents.transactionId, transactionId))
    .orderBy(asc(transactionEvents.version));
}

async function requestContext(db: Database, row: TransactionRow) {
  const [deal] = await db.select().from(deals).where(eq(deals.id, row.dealId));
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, deal!.vehicleId));
  return {
    transactionId: row.id,
    priceDollars: deal!.priceDollars,
    vehicle: { modelYear: vehicle!.modelYear, mileage: vehicle!.mileage },
    data: foldStepData(await eventsOf(db, row.id)),
  };
}

async function alreadyApplied(db: Pick<Database, 'select'>, transactionId: string, key: string): Promise<boolean> {
  const [found] = await db
    .select({ id: transactionEvents.id })
    .from(transactionEvents)
    .where(and(eq(transactionEvents.transactionId, transactionId), eq(transactionEvents.idempotencyKey, key)));
  return !!found;
}

/** Applies `request` for `user`; `replayed` when its key was applied before (nothing changed). */
export async function applyPartyEvent(
  db: Database,
  providers: Providers,
  transactionId: string,
  user: UserRow,
  request: EventRequest,
): Promise<{ replayed: boolean }> {
  const { row } = await transactionFor(db, transactionId, user);
  if (await alreadyApplied(db, row.id, request.idempotencyKey)) return { replayed: true };
  const flow = row.flow;
  const payload = parseInput(payloadSchemaOf(request.event), request.payload ?? {}) as Record<string, unknown>;
  // A stale view first: the party acted on something that has since changed, whatever the action.
  if (row.version !== request.expectedVersion) throw new TransactionRefusal(409, STALE_VERSION);
  if (!acceptsPartyEvent(flow, row.status, request.event)) {
    throw new TransactionRefusal(422, notNow(flow, request.event, row.status));
  }
  const answer = await providerAnswer(providers, request.event, payload, await requestContext(db, row));

  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(transactions).where(eq(transactions.id, row.id)).for('update');
    if (await alreadyApplied(tx, row.id, request.idempotencyKey)) return { replayed: true };
    if (locked!.version !== request.expectedVersion) throw new TransactionRefusal(409, STALE_VERSION);
    let status = locked!.status;
    let version = locked!.version;
    const append = async (
      actor: 'party' | 'provider',
      event: TransactionEvent,
      eventPayload: Record<string, unknown>,
      key: string | null,
    ) => {
      const to = nextStatus(flow, status, event) ?? status; // a request alone (a quote) moves nothing until answered
      version += 1;
      await tx.insert(transactionEvents).values({
        transactionId: row.id,
        version,
        actor,
        actorUserId: actor === 'party' ? user.id : null,
        event,
        payload: eventPayload,
        fromStatus: status,
        toStatus: to,
        idempotencyKey: key,
      });
      status = to;
    };
    await append('party', request.event, payload, request.idempotencyKey);
    if (answer) await applyAnswer(flow, status, answer, append);
    await tx
      .update(transactions)
      .set({ status, version, updatedAt: sql`now()`, completedAt: status === FINAL_STATUS[flow] ? sql`now()` : null })
      .where(eq(transactions.id, row.id));
    return { replayed: false };
  });
}

async function applyAnswer(
  flow: Flow,
  status: TransactionStatus,
  answer: Answer,
  append: (actor: 'provider', event: TransactionEvent, payload: Record<string, unknown>, key: null) => Promise<void>,
) {
  // The table decides whether the answer moves the flow; an answer it does not take is a bug, not user error.
  if (!nextStatus(flow, status, answer.event)) throw new Error(`provider answer “${answer.event}” does not apply at ${status} in ${flow}`);
  await append('provider', answer.event, answer.payload, null);
}
