/**
 * A provider's answer that came by signed webhook (DESIGN.md §9): applied at most once — the
 * delivery id is recorded in the same database transaction as the change — and only along the
 * transition table. An answer the table does not take at the transaction's status (it moved on,
 * or the provider answered twice) changes nothing and is recorded as ignored.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { providerWebhooks } from '../db/provider-tables';
import { transactions } from '../db/schema';
import type { ProviderAnswer } from '../providers/async-providers';
import { eventLog, lockTransaction } from './event-log';

export type ResultOutcome = 'applied' | 'ignored' | 'replayed';

export async function applyProviderResult(
  db: Database,
  delivery: { provider: string; id: string; type: string },
  answer: ProviderAnswer | null,
): Promise<ResultOutcome> {
  return db.transaction(async (tx) => {
    const [known] = answer
      ? await tx.select({ id: transactions.id }).from(transactions).where(eq(transactions.id, answer.transactionId))
      : [];
    const [claimed] = await tx
      .insert(providerWebhooks)
      .values({
        id: `${delivery.provider}:${delivery.id}`,
        provider: delivery.provider,
        type: delivery.type,
        transactionId: known?.id ?? null,
        outcome: 'ignored',
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return 'replayed';
    if (!answer || !known) return 'ignored';
    const log = eventLog(tx, await lockTransaction(tx, known.id));
    if (!log.takes(answer.event)) return 'ignored';
    await log.append({ kind: 'provider' }, answer.event, answer.payload);
    await log.save();
    await tx.update(providerWebhooks).set({ outcome: 'applied' }).where(eq(providerWebhooks.id, claimed.id));
    return 'applied';
  });
}
