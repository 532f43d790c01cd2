/**
 * A party's action on their transaction (a step event, SPEC §4.3), only along the flow's table:
 * a repeated idempotency key changes nothing and answers the same, a stale view is answered with
 * 409, an action the status does not take with 422, a document that is not the party's with 422.
 * Providers that answer at once are asked before the unit of work opens (no lock is held over a
 * network call) and their answer is the next event; one that answers by webhook gets a request.
 */
import { ACTION_LABELS } from '../../src/domain/action-labels';
import { DOCUMENTS_OF } from '../../src/domain/seller-events';
import { stepStates } from '../../src/domain/step-progress';
import { foldStepData } from '../../src/domain/step-data';
import { payloadSchemaOf, type EventRequest } from '../../src/domain/transaction-events';
import type { Flow, TransactionStatus } from '../../src/domain/transaction-flows';
import { STEP_LABELS } from '../../src/domain/transaction-steps';
import { acceptsPartyEvent, type PartyEvent } from '../../src/domain/transaction-transitions';
import type { Database } from '../db/client';
import { transactionFor, TransactionRefusal, type UserRow } from '../kernel/access';
import { dealAndVehicle, type KnownAfterCommand } from '../kernel/deal-sides';
import { eventsOf, staleView, type TransactionRow, type Tx } from '../kernel/event-log';
import { peekKey, type CommandKey } from '../kernel/idempotency';
import type { LastRead } from '../kernel/last-statement';
import { parseInput } from '../kernel/validation';
import { assertDocuments } from '../modules/uploads/slot-documents';
import { consultsProvider, providerAnswer, type RequestContext } from '../modules/steps/provider-answers';
import { actionEffects, CANCELLED, prepareAction, preparesAction } from '../modules/steps/step-actions';
import { asksLater, stepRequest } from '../modules/steps/step-requests';
import { userKeys, type CommandContext } from './context';

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

async function requestContext(ctx: CommandContext, row: TransactionRow): Promise<RequestContext> {
  const [{ deal, vehicle }, events] = await Promise.all([dealAndVehicle(ctx.db, row.dealId), eventsOf(ctx.db, row.id)]);
  return {
    transactionId: row.id,
    side: row.side,
    priceDollars: deal.priceDollars,
    vehicle: { vin: vehicle.vin, modelYear: vehicle.modelYear, mileage: vehicle.mileage },
    events,
    data: foldStepData(events),
  };
}

/**
 * A party's report the provider's record made already: their signature, recorded from the completed
 * envelope while their app was still on its way back (follow-deal.ts). Taken as done, not refused.
 */
async function recordedFromProvider(db: Database | Tx, row: TransactionRow, event: PartyEvent, payload: Record<string, unknown>) {
  if (event !== 'documents signed' || acceptsPartyEvent(row.flow, row.status, event)) return false;
  const events = await eventsOf(db, row.id);
  return events.some(
    (earlier) => earlier.event === event && (earlier.payload as { envelopeId?: unknown }).envelopeId === payload.envelopeId,
  );
}

/**
 * Applies `request` for `user`; `replayed` when its key was applied before (nothing changed). With
 * `answer`, what the caller answers with is read in the unit of work's last statement (`known.record`).
 */
export async function applyStepEvent(
  ctx: CommandContext,
  transactionId: string,
  user: UserRow,
  request: EventRequest,
  answer?: LastRead,
): Promise<{ replayed: boolean; known: KnownAfterCommand }> {
  const { row, role } = await transactionFor(ctx.db, transactionId, user);
  const payload = parseInput(payloadSchemaOf(request.event, row.side), request.payload ?? {}) as Record<string, unknown>;
  const key: CommandKey = {
    owner: userKeys(user),
    key: request.idempotencyKey,
    command: 'step event',
    request: { transactionId: row.id, event: request.event, payload },
    label: ACTION_LABELS[request.event],
  };
  const documents = DOCUMENTS_OF[request.event]?.(payload) ?? [];
  const asks = consultsProvider(request.event) || asksLater(request.event);
  let prepared: Record<string, unknown> = {};
  // An action that asks a provider, or that our records or the party's documents must allow, is checked before the
  // unit of work as well: a repeat must not ask again, a refused action must not ask at all. Every other action is
  // checked under the deal's lock only, where a repeat answers what its key was answered.
  if (asks || preparesAction(request.event) || documents.length) {
    if (await peekKey(ctx.db, key)) return { replayed: true, known: { row, role } };
    if (await recordedFromProvider(ctx.db, row, request.event, payload)) return { replayed: true, known: { row, role } };
    // A stale view first: the party acted on something that has since changed, whatever the action.
    if (await staleView(ctx.db, row, request.expectedVersion)) throw new TransactionRefusal(409, STALE_VERSION);
    if (!acceptsPartyEvent(row.flow, row.status, request.event))
      throw new TransactionRefusal(422, notNow(row.flow, request.event, row.status));
    await assertDocuments(ctx.db, row.id, user, documents);
    prepared = await prepareAction(ctx.db, ctx.providers, row, user, request.event, payload);
  }
  // The deal, the vehicle and the events so far are read only for an action a provider checks, answers or is asked about.
  const context = asks ? await requestContext(ctx, row) : null;
  let provided: Awaited<ReturnType<typeof providerAnswer>>;
  try {
    provided = context ? await providerAnswer(ctx.providers, request.event, payload, context) : undefined;
  } catch (error) {
    // Refused for what changed since the party looked: the same request, applied meanwhile under its key, answers as
    // that one did; another (a second tab counting the same verification) meets a stale view first.
    if (await peekKey(ctx.db, key)) return { replayed: true, known: { row, role } };
    const { row: now } = await transactionFor(ctx.db, transactionId, user);
    if (await staleView(ctx.db, now, request.expectedVersion)) throw new TransactionRefusal(409, STALE_VERSION);
    throw error;
  }
  const recorded = { ...payload, ...prepared, ...STAMPS[request.event]?.() };

  const { replayed, result, read } = await ctx.run({ transactionId: row.id, key, lastRead: answer }, async (uow) => {
    const log = await uow.transaction(row.id, row.dealId);
    // While the provider was asked, its own word may have recorded this very signature (the signing service's
    // "completed" reaching the API first, follow-deal.ts): the party's report is done already, not made on a stale view.
    if (await recordedFromProvider(uow.tx, log.row, request.event, payload)) return { recordedAlready: true };
    // Checked again under the lock, on the rows as they are now: a cancellation or another action may have committed
    // since the checks above.
    if (uow.deal(row.dealId).cancelledAt) throw new TransactionRefusal(422, CANCELLED);
    if (await staleView(uow.tx, { id: row.id, version: log.version }, request.expectedVersion))
      throw new TransactionRefusal(409, STALE_VERSION);
    if (!acceptsPartyEvent(log.row.flow, log.status, request.event))
      throw new TransactionRefusal(422, notNow(log.row.flow, request.event, log.status));
    await log.append({ kind: 'party', userId: user.id, key: request.idempotencyKey }, request.event, recorded);
    // The table decides whether an answer moves the flow; one it does not take is a bug, not user error.
    if (provided && !log.takes(provided.event)) throw new Error(`provider answer “${provided.event}” does not apply in ${row.flow}`);
    if (provided) await log.append({ kind: 'provider' }, provided.event, provided.payload);
    const asked = context && stepRequest(request.event, foldStepData([...context.events, ...log.appended]), context.vehicle);
    if (asked) await uow.requestProvider({ transactionId: row.id, ...asked });
    await uow.save();
    await actionEffects(uow, log.row, request.event, recorded);
    return { recordedAlready: false };
  });
  return { replayed: replayed || result.recordedAlready, known: { row, role, record: read ?? undefined } };
}
