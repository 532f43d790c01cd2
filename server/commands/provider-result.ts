/**
 * A provider's verified webhook (DESIGN.md §9), applied at most once — its delivery id is the
 * provider's idempotency key — and only where it still applies: an answer the transition table
 * does not take at the transaction's status, a shipment update that does not move it forward, a
 * transfer already settled, all change nothing and are recorded as ignored. A completed envelope
 * counts only once its signed copies are ours and match what we sent. What follows on the deal
 * (the other side, its money) follows in the same unit of work.
 */
import { eq } from 'drizzle-orm';
import { transfers } from '../db/money-tables';
import { providerWebhooks } from '../db/provider-tables';
import { envelopes } from '../db/signing-tables';
import { transactions } from '../db/schema';
import { shipments } from '../db/transport-tables';
import type { Database } from '../db/client';
import type { CommandKey } from '../kernel/idempotency';
import { peekKey } from '../kernel/idempotency';
import { hasRequest } from '../kernel/provider-requests';
import type { UnitOfWork } from '../kernel/unit-of-work';
import { applyLenderDecision } from '../modules/dealers/lender-decisions';
import { applyTransferResult } from '../modules/money/transfers';
import { collectSignedCopies, type SignedCopies, type SigningStorage } from '../modules/signing/envelope-documents';
import { completeEnvelope, refuseEnvelope, type EnvelopeRow } from '../modules/signing/envelope-records';
import { applyShipmentUpdate } from '../modules/transport/shipments';
import type { WebhookResult } from '../providers/async-providers';
import type { CommandContext } from './context';

export type ResultOutcome = 'applied' | 'ignored' | 'replayed';

export interface Delivery {
  provider: string;
  /** The webhook's id: unique per provider. */
  id: string;
  type: string;
  /** The verified event, as the provider sent it. */
  event: unknown;
}

/**
 * The deal a result belongs to (and the transaction, when it names one), or null for one we do not
 * know. A result naming a transaction is known only when we asked `provider` for what it answers
 * there: a validly signed webhook nobody requested (a title "received" that was never sent) moves nothing.
 */
async function dealOf(
  db: Database,
  provider: string,
  result: WebhookResult,
): Promise<{ dealId: string; transactionId: string | null } | null> {
  if (result.kind === 'transaction' || result.kind === 'title received' || result.kind === 'lender decision') {
    if (!(await hasRequest(db, result.transactionId, provider, result.answers))) return null;
    const [row] = await db.select({ dealId: transactions.dealId }).from(transactions).where(eq(transactions.id, result.transactionId));
    return row ? { dealId: row.dealId, transactionId: result.transactionId } : null;
  }
  if (result.kind === 'shipment') {
    const [row] = await db.select({ dealId: shipments.dealId }).from(shipments).where(eq(shipments.id, result.shipmentId));
    return row ? { dealId: row.dealId, transactionId: null } : null;
  }
  if (result.kind === 'envelope') {
    const [row] = await db.select({ dealId: envelopes.dealId }).from(envelopes).where(eq(envelopes.id, result.envelopeId));
    return row ? { dealId: row.dealId, transactionId: null } : null;
  }
  const [row] = await db
    .select({ dealId: transfers.dealId, transactionId: transfers.transactionId })
    .from(transfers)
    .where(eq(transfers.id, result.transferId));
  return row ?? null;
}

/** Applies the result to what it names; whether anything changed. */
async function apply(uow: UnitOfWork, result: WebhookResult, dealId: string, copies: SignedCopies | null): Promise<boolean> {
  switch (result.kind) {
    case 'transaction': {
      const log = await uow.transaction(result.transactionId, dealId);
      if (!log.takes(result.event)) return false;
      await log.append({ kind: 'provider' }, result.event, result.payload);
      return true;
    }
    case 'title received': {
      if (uow.deal(dealId).titleReceivedAt) return false;
      await uow.updateDeal(dealId, { titleReceivedAt: new Date() });
      uow.touch(dealId, 'title received');
      return true;
    }
    case 'shipment':
      return applyShipmentUpdate(uow, result.shipmentId, result.status, result.driver);
    case 'transfer':
      return applyTransferResult(uow, result.transferId, result);
    case 'envelope': {
      const [envelope] = await uow.tx.select().from(envelopes).where(eq(envelopes.id, result.envelopeId));
      if (!envelope || !copies || 'notCompleted' in copies) return false;
      if ('refuse' in copies) {
        await refuseEnvelope(uow, envelope, copies.refuse);
        return false;
      }
      return completeEnvelope(uow, envelope, copies.signed);
    }
    case 'lender decision':
      return applyLenderDecision(uow, result);
  }
}

/** The signed copies of a completed envelope, stored before the unit of work opens (storage and the provider are slow). */
async function signedCopiesOf(ctx: CommandContext, storage: SigningStorage, result: WebhookResult): Promise<SignedCopies | null> {
  if (result.kind !== 'envelope') return null;
  const [envelope]: (EnvelopeRow | undefined)[] = await ctx.db.select().from(envelopes).where(eq(envelopes.id, result.envelopeId));
  if (!envelope?.externalId || envelope.status !== 'sent') return null;
  return collectSignedCopies(storage, ctx.providers, ctx.db, envelope);
}

export async function applyProviderResult(
  ctx: CommandContext,
  storage: SigningStorage,
  delivery: Delivery,
  result: WebhookResult | null,
): Promise<ResultOutcome> {
  const key: CommandKey = { owner: `webhook:${delivery.provider}`, key: delivery.id, command: 'provider result', request: delivery.event };
  if (await peekKey(ctx.db, key)) return 'replayed';
  const target = result ? await dealOf(ctx.db, delivery.provider, result) : null;
  const copies = result && target ? await signedCopiesOf(ctx, storage, result) : null;
  const { result: outcome, replayed } = await ctx.run({ dealId: target?.dealId, key }, async (uow) => {
    const applied = result && target ? await apply(uow, result, target.dealId, copies) : false;
    const outcome = applied ? 'applied' : 'ignored';
    await uow.tx
      .insert(providerWebhooks)
      .values({
        id: `${delivery.provider}:${delivery.id}`,
        provider: delivery.provider,
        type: delivery.type,
        transactionId: target?.transactionId ?? null,
        outcome,
      })
      .onConflictDoNothing();
    return outcome;
  });
  return replayed ? 'replayed' : outcome;
}
