/**
 * Requests the API owes to providers that answer by webhook (DESIGN.md §9), kept as rows: one is
 * written in the same database transaction as the change that asks for it, with its outbox row,
 * so neither is ever without the other; the dispatcher hands it over after the commit
 * (server/effects/provider-requests.ts), and the webhook that answers it names it.
 */
import { and, eq } from 'drizzle-orm';
import { providerRequests } from '../db/provider-tables';
import type { Database } from '../db/client';
import type { Tx } from './event-log';
import { enqueue } from './outbox';

export interface ProviderRequestDraft {
  transactionId: string;
  /** One of the asynchronous providers (server/providers/async-providers.ts). */
  provider: string;
  kind: string;
  body: Record<string, unknown>;
}

/** Writes a request to hand to its provider after the commit. */
export async function recordRequest(tx: Tx, request: ProviderRequestDraft): Promise<void> {
  const [row] = await tx.insert(providerRequests).values(request).returning({ id: providerRequests.id });
  await enqueue(tx, 'provider request', row!.id);
}

/** Whether a request of `kind` to `provider` was ever written for the transaction (one that must go out once). */
export async function hasRequest(tx: Tx | Database, transactionId: string, provider: string, kind: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: providerRequests.id })
    .from(providerRequests)
    .where(
      and(eq(providerRequests.transactionId, transactionId), eq(providerRequests.provider, provider), eq(providerRequests.kind, kind)),
    );
  return found !== undefined;
}
