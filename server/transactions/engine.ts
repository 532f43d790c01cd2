/**
 * Applies a party's action to a transaction, only along the flow's transition table: the
 * idempotency key is stored with the change in one database transaction (a repeated key changes
 * nothing and answers the same), a stale expected version is answered with 409, an action the
 * status does not take with 422. A provider's answer is written as the next event in the same
 * database transaction.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, sql } from 'drizzle-orm';
import { payloadSchemaOf, type EventRequest } from '../../src/domain/transaction-events';
import { acceptsPartyEvent, FINAL_STATUS, nextStatus, type TransactionEvent } from '../../src/domain/transaction-transitions';
import type { Flow, TransactionStatus } from '../../src/domain/transaction-flows';
import { parseInput } from '../api/validation';
import type { Database } from '../db/client';
import { deals, transactionEvents, transactions, vehicles } from '../db/schema';
import type { Providers } from '../providers/providers';
import type { UserRow } from '../users/user-records';
import { transactionFor, TransactionRefusal, type TransactionRow } from './access';
import { providerAnswer, type Answer } from './provider-answers';
import { foldStepData } from './step-data';

export const STALE_VERSION =
  'This transaction changed since you last saw it, so your action was not applied. We loaded the latest; check it and try again.';

const notNow = (event: string, status: string) =>
  `“${event}” is not possible now: this transaction is at “${status.replaceAll('_', ' ')}”.`;

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

/**
 * Whether `key` was applied already: a replay of the same action (same event and payload)
 * answers `true`; the key used for another action is refused, never silently taken as done.
 */
async function alreadyApplied(
  db: Pick<Database, 'select'>,
  transactionId: string,
  key: string,
  action: { event: string; payload: Record<string, unknown> },
): Promise<boolean> {
  const [found] = await db
    .select({ event: transactionEvents.event, payload: transactionEvents.payload })
    .from(transactionEvents)
    .where(and(eq(transactionEvents.transactionId, transactionId), eq(transactionEvents.idempotencyKey, key)));
  if (found && (found.event !== action.event || !isDeepStrictEqual(found.payload, action.payload)))
    throw new TransactionRefusal(
      422,
      `This request’s idempotency key was already used for another action (“${found.event}”), so nothing was changed. Send a new key for a new action.`,
    );
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
  const flow = row.flow as Flow;
  const payload = parseInput(payloadSchemaOf(request.event), request.payload ?? {}) as Record<string, unknown>;
  const action = { event: request.event, payload };
  if (await alreadyApplied(db, row.id, request.idempotencyKey, action)) return { replayed: true };
  // A stale view first: the party acted on something that has since changed, whatever the action.
  if (row.version !== request.expectedVersion) throw new TransactionRefusal(409, STALE_VERSION);
  if (!acceptsPartyEvent(flow, row.status as TransactionStatus, request.event)) {
    throw new TransactionRefusal(422, notNow(request.event, row.status));
  }
  const answer = await providerAnswer(providers, request.event, payload, await requestContext(db, row));

  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(transactions).where(eq(transactions.id, row.id)).for('update');
    if (await alreadyApplied(tx, row.id, request.idempotencyKey, action)) return { replayed: true };
    if (locked!.version !== request.expectedVersion) throw new TransactionRefusal(409, STALE_VERSION);
    let status = locked!.status as TransactionStatus;
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
