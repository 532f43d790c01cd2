/**
 * Applies a party's action to a transaction, only along the flow's transition table: the
 * idempotency key is stored with the change in one database transaction (a repeated key changes
 * nothing and answers the same), a stale expected version is answered with 409, an action the
 * status does not take with 422, a document that is not the party's with 422. A provider that
 * answers at once has its answer written as the next event in the same database transaction; a
 * provider that answers by webhook gets a request row written with it (provider-requests.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { ACTION_LABELS } from '../../src/domain/action-labels';
import { DOCUMENTS_OF } from '../../src/domain/seller-events';
import { stepStates } from '../../src/domain/step-progress';
import { foldStepData } from '../../src/domain/step-data';
import { payloadSchemaOf, type EventRequest } from '../../src/domain/transaction-events';
import type { Flow, TransactionStatus } from '../../src/domain/transaction-flows';
import { STEP_LABELS } from '../../src/domain/transaction-steps';
import { acceptsPartyEvent, type PartyEvent } from '../../src/domain/transaction-transitions';
import type { Database } from '../db/client';
import { deals, transactionEvents, vehicles } from '../db/schema';
import type { Providers } from '../providers/providers';
import { assertDocuments } from '../modules/uploads/slot-documents';
import type { UserRow } from '../modules/users/user-records';
import { parseInput } from '../kernel/validation';
import { transactionFor, TransactionRefusal, type TransactionRow } from '../kernel/access';
import { eventLog, eventsOf, lockTransaction } from '../kernel/event-log';
import { providerAnswer, type RequestContext } from '../modules/steps/provider-answers';
import { queueProviderRequest } from '../kernel/provider-requests';
import { actionEffects, prepareAction, SERVER_FIELDS } from '../modules/steps/step-actions';
import { followDeal } from './follow-deal';
import { lockDeal } from '../modules/money/settle';

export const STALE_VERSION =
  'This transaction changed since you last saw it, so your action was not applied. We loaded the latest; check it and try again.';

// Said in the user's words: the action by its label, the status by the step the party is on.
const notNow = (flow: Flow, event: PartyEvent, status: TransactionStatus) => {
  const current = stepStates(flow, status).find((step) => step.state === 'current');
  const where = current ? `at the ${STEP_LABELS[current.step].toLowerCase()} step` : 'complete';
  return `${ACTION_LABELS[event]} is not possible now: this transaction is ${where}.`;
};

/** What the server adds to an action it records: when a consent was given is the server's word, not the device's. */
const STAMPS: Partial<Record<PartyEvent, () => Record<string, unknown>>> = {
  'agent authorized': () => ({ signedAt: new Date().toISOString() }),
};

async function requestContext(db: Database, row: TransactionRow): Promise<RequestContext> {
  const [deal] = await db.select().from(deals).where(eq(deals.id, row.dealId));
  const [vehicle] = await db.select().from(vehicles).where(eq(vehicles.id, deal!.vehicleId));
  const events = await eventsOf(db, row.id);
  return {
    transactionId: row.id,
    side: row.side,
    priceDollars: deal!.priceDollars,
    vehicle: { vin: vehicle!.vin!, modelYear: vehicle!.modelYear, mileage: vehicle!.mileage },
    events,
    data: foldStepData(events),
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
  action: { event: PartyEvent; payload: Record<string, unknown> },
): Promise<boolean> {
  const [found] = await db
    .select({ event: transactionEvents.event, payload: transactionEvents.payload })
    .from(transactionEvents)
    .where(and(eq(transactionEvents.transactionId, transactionId), eq(transactionEvents.idempotencyKey, key)));
  if (!found) return false;
  // What the server stamped on the recorded payload is not part of what the party sent.
  const sent = Object.fromEntries(
    Object.entries(found.payload as Record<string, unknown>).filter(([field]) => !SERVER_FIELDS.includes(field)),
  );
  if (found.event !== action.event || !isDeepStrictEqual(sent, action.payload))
    throw new TransactionRefusal(
      422,
      `This request’s idempotency key was already used for another action (${ACTION_LABELS[found.event as PartyEvent] ?? found.event}), so nothing was changed. Send a new key for a new action.`,
    );
  return true;
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
  const payload = parseInput(payloadSchemaOf(request.event, row.side), request.payload ?? {}) as Record<string, unknown>;
  const action = { event: request.event, payload };
  if (await alreadyApplied(db, row.id, request.idempotencyKey, action)) return { replayed: true };
  // A stale view first: the party acted on something that has since changed, whatever the action.
  if (row.version !== request.expectedVersion) throw new TransactionRefusal(409, STALE_VERSION);
  if (!acceptsPartyEvent(row.flow, row.status, request.event))
    throw new TransactionRefusal(422, notNow(row.flow, request.event, row.status));
  await assertDocuments(db, row.id, user, DOCUMENTS_OF[request.event]?.(payload) ?? []);
  const prepared = await prepareAction(db, providers, row, user, request.event, payload);
  const context = await requestContext(db, row);
  const answer = await providerAnswer(providers, request.event, payload, context);
  const recorded = { ...payload, ...prepared, ...STAMPS[request.event]?.() };

  return db.transaction(async (tx) => {
    // The deal first, then the transaction: every change to either side of a deal, or its money, takes locks in this order.
    await lockDeal(tx, row.dealId);
    const locked = await lockTransaction(tx, row.id);
    if (await alreadyApplied(tx, row.id, request.idempotencyKey, action)) return { replayed: true };
    if (locked.version !== request.expectedVersion) throw new TransactionRefusal(409, STALE_VERSION);
    const log = eventLog(tx, locked);
    await log.append({ kind: 'party', userId: user.id, key: request.idempotencyKey }, request.event, recorded);
    // The table decides whether an answer moves the flow; one it does not take is a bug, not user error.
    if (answer && !log.takes(answer.event)) throw new Error(`provider answer “${answer.event}” does not apply in ${row.flow}`);
    if (answer) await log.append({ kind: 'provider' }, answer.event, answer.payload);
    const data = foldStepData([...context.events, ...log.appended]);
    await queueProviderRequest(tx, row.id, request.event, data, context.vehicle);
    await log.save();
    await actionEffects(tx, locked, request.event, recorded, data);
    await followDeal(tx, providers, row.dealId);
    return { replayed: false };
  });
}
