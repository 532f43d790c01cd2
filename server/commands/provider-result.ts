/**
 * A provider's webhook, once verified (DESIGN.md §9): applied at most once — the delivery id is
 * recorded in the same database transaction as the change — and only where it still applies: an
 * answer the transition table does not take at the transaction's status, a shipment update that
 * does not move it forward, a transfer already settled, all change nothing and are recorded as
 * ignored. What follows on the deal (the other side, its money) follows in the same transaction.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { transfers } from '../db/money-tables';
import { providerWebhooks } from '../db/provider-tables';
import { envelopes } from '../db/signing-tables';
import { completeEnvelope } from '../modules/signing/envelopes';
import { deals, transactions } from '../db/schema';
import { shipments } from '../db/transport-tables';
import type { WebhookResult } from '../providers/async-providers';
import type { Providers } from '../providers/providers';
import { lockDeal } from '../modules/money/settle';
import { applyTransferResult } from '../modules/money/transfers';
import { applyShipmentUpdate } from '../modules/transport/shipments';
import { applyLenderDecision } from '../modules/dealers/lender-decisions';
import { followDeal } from './follow-deal';
import { eventLog, lockTransaction, type Tx } from '../kernel/event-log';

export type ResultOutcome = 'applied' | 'ignored' | 'replayed';

/** The deal a result belongs to (and the transaction, when it names one), or null for one we do not know. */
async function dealOf(tx: Tx, result: WebhookResult): Promise<{ dealId: string; transactionId: string | null } | null> {
  if (result.kind === 'transaction' || result.kind === 'title received' || result.kind === 'lender decision') {
    const [row] = await tx.select({ dealId: transactions.dealId }).from(transactions).where(eq(transactions.id, result.transactionId));
    return row ? { dealId: row.dealId, transactionId: result.transactionId } : null;
  }
  if (result.kind === 'shipment') {
    const [row] = await tx.select({ dealId: shipments.dealId }).from(shipments).where(eq(shipments.id, result.shipmentId));
    return row ? { dealId: row.dealId, transactionId: null } : null;
  }
  if (result.kind === 'envelope') {
    const [row] = await tx.select({ dealId: envelopes.dealId }).from(envelopes).where(eq(envelopes.id, result.envelopeId));
    return row ? { dealId: row.dealId, transactionId: null } : null;
  }
  const [row] = await tx
    .select({ dealId: transfers.dealId, transactionId: transfers.transactionId })
    .from(transfers)
    .where(eq(transfers.id, result.transferId));
  return row ?? null;
}

/** Applies the result to what it names; whether anything changed. */
async function apply(tx: Tx, result: WebhookResult, dealId: string): Promise<boolean> {
  switch (result.kind) {
    case 'transaction': {
      const log = eventLog(tx, await lockTransaction(tx, result.transactionId));
      if (!log.takes(result.event)) return false;
      await log.append({ kind: 'provider' }, result.event, result.payload);
      await log.save();
      return true;
    }
    case 'title received': {
      const [received] = await tx
        .update(deals)
        .set({ titleReceivedAt: sql`now()` })
        .where(and(eq(deals.id, dealId), isNull(deals.titleReceivedAt)))
        .returning({ id: deals.id });
      return received !== undefined;
    }
    case 'shipment':
      return (await applyShipmentUpdate(tx, result.shipmentId, result.status, result.driver)) !== null;
    case 'transfer':
      return (await applyTransferResult(tx, result.transferId, result)) !== null;
    case 'envelope':
      return completeEnvelope(tx, result.envelopeId);
    case 'lender decision':
      return applyLenderDecision(tx, result);
  }
}

export async function applyProviderResult(
  db: Database,
  providers: Providers,
  delivery: { provider: string; id: string; type: string },
  result: WebhookResult | null,
): Promise<ResultOutcome> {
  return db.transaction(async (tx) => {
    const target = result ? await dealOf(tx, result) : null;
    if (target) await lockDeal(tx, target.dealId);
    const [claimed] = await tx
      .insert(providerWebhooks)
      .values({
        id: `${delivery.provider}:${delivery.id}`,
        provider: delivery.provider,
        type: delivery.type,
        transactionId: target?.transactionId ?? null,
        outcome: 'ignored',
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return 'replayed';
    if (!result || !target || !(await apply(tx, result, target.dealId))) return 'ignored';
    await followDeal(tx, providers, target.dealId);
    await tx.update(providerWebhooks).set({ outcome: 'applied' }).where(eq(providerWebhooks.id, claimed.id));
    return 'applied';
  });
}
