/**
 * `POST /api/webhooks/{provider}`: results from providers that answer later (DESIGN.md §9).
 * The raw body is kept for the signature; a missing or wrong signature, or a timestamp outside
 * five minutes, is refused with 401 and changes nothing; a verified delivery is applied once.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { Database } from '../../db/client';
import { ASYNC_PROVIDERS } from '../../providers/async-providers';
import type { Providers } from '../../providers/providers';
import { verifyWebhook } from '../../providers/webhooks';
import { applyProviderResult } from '../../commands/provider-result';
import { collectSignedDocuments, type SigningDeps } from '../../modules/signing/envelopes';
import { parseInput } from '../../kernel/validation';

const params = z.object({ provider: z.enum([...ASYNC_PROVIDERS, 'esign'], 'No such provider') });

export function webhookRoutes(
  app: FastifyInstance,
  deps: { db: Database; providers: Providers; secret: string | undefined; dispatch: () => Promise<void>; signing: SigningDeps },
) {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/api/webhooks/:provider', async (request, reply) => {
      const { provider } = parseInput(params, request.params);
      if (!deps.secret) return reply.code(503).send({ message: 'This server takes no webhooks: PROVIDER_WEBHOOK_SECRET is not set.' });
      if (typeof request.body !== 'string') return reply.code(400).send({ message: 'Send the webhook as application/json.' });
      const verified = verifyWebhook(deps.secret, request.body, request.headers);
      if ('refused' in verified) return reply.code(401).send({ message: `Webhook refused: ${verified.refused}` });
      const reader = provider === 'esign' ? deps.providers.esign : deps.providers.async[provider];
      let result = reader.answerOf(verified.event);
      // A completed envelope counts only once its signed documents are ours and match what we sent.
      if (result?.kind === 'envelope' && !(await collectSignedDocuments(deps.signing, result.envelopeId))) result = null;
      const outcome = await applyProviderResult(deps.db, deps.providers, { provider, id: verified.id, type: verified.event.type }, result);
      // What the answer set going (a payout, the next request) goes out now, not on the next interval.
      if (outcome === 'applied')
        await deps.dispatch().catch((error: Error) => request.log.warn({ error: error.message }, 'handing a request to a provider failed'));
      return { outcome };
    });
  });
}
