/**
 * Handing a request to its provider, from the outbox after the commit that wrote it (DESIGN.md
 * §9). Each provider keys its work by our request id, so handing one over twice (a delivery whose
 * end was lost) is safe. Once taken, a credit application's SSN is the lender's alone: our copy of
 * the request drops it (server/modules/dealers/dealer-sales.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { providerRequests } from '../db/provider-tables';
import type { AsyncProviderName } from '../providers/async-providers';
import type { Providers } from '../providers/providers';

export function providerRequestHandler(db: Database, providers: Providers, callbackBase: string) {
  return async (requestId: string): Promise<void> => {
    const [request] = await db.select().from(providerRequests).where(eq(providerRequests.id, requestId));
    if (!request || request.status !== 'pending') return;
    const { externalId } = await providers.async[request.provider as AsyncProviderName].submit({
      id: request.id,
      transactionId: request.transactionId,
      kind: request.kind,
      body: request.body as Record<string, unknown>,
      callbackUrl: `${callbackBase.replace(/\/$/, '')}/api/webhooks/${request.provider}`,
    });
    await db
      .update(providerRequests)
      .set({ status: 'accepted', externalId, acceptedAt: sql`now()`, body: sql`${providerRequests.body} - 'ssn'` })
      .where(eq(providerRequests.id, request.id));
  };
}
