/**
 * `POST /api/webhooks/{provider}`: results from providers that answer later (DESIGN.md §9).
 * The raw body is kept for the signature, checked against that provider's own secret; a missing
 * or wrong signature, or a timestamp outside five minutes, is refused with 401 and changes
 * nothing; a verified delivery is applied once.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { CommandContext } from '../../commands/context';
import { applyProviderResult } from '../../commands/provider-result';
import { parseInput } from '../../kernel/validation';
import type { SigningStorage } from '../../modules/signing/envelope-documents';
import { ASYNC_PROVIDERS } from '../../providers/async-providers';
import { acceptedSecrets, secretVariable, type WebhookSecrets } from '../../providers/webhook-secrets';
import { verifyWebhook } from '../../providers/webhooks';

const params = z.object({ provider: z.enum([...ASYNC_PROVIDERS, 'esign'], 'No such provider') });

export function webhookRoutes(app: FastifyInstance, deps: { ctx: CommandContext; secrets: WebhookSecrets; signing: SigningStorage }) {
  const { ctx } = deps;
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/api/webhooks/:provider', async (request, reply) => {
      const { provider } = parseInput(params, request.params);
      const secrets = deps.secrets[provider];
      if (!secrets)
        return reply.code(503).send({ message: `This server takes no webhooks from ${provider}: ${secretVariable(provider)} is not set.` });
      if (typeof request.body !== 'string') return reply.code(400).send({ message: 'Send the webhook as application/json.' });
      // Signed with this provider's own secret (or, during a rotation, the one before it): another provider's does not do.
      const body = request.body;
      const tries = acceptedSecrets(secrets).map((secret) => verifyWebhook(secret, body, request.headers));
      const verified = tries.find((attempt) => !('refused' in attempt)) ?? tries[0]!;
      if ('refused' in verified) return reply.code(401).send({ message: `Webhook refused: ${verified.refused}` });
      const reader = provider === 'esign' ? ctx.providers.esign : ctx.providers.async[provider];
      const delivery = { provider, id: verified.id, type: verified.event.type, event: verified.event };
      return { outcome: await applyProviderResult(ctx, deps.signing, delivery, reader.answerOf(verified.event)) };
    });
  });
}
