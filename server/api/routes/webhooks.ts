/**
 * `POST /api/webhooks/{provider}`: results from providers that answer later (DESIGN.md §9).
 * The raw body is kept for the signature; a missing or wrong signature, or a timestamp outside
 * five minutes, is refused with 401 and changes nothing; a verified delivery is applied once.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { CommandContext } from '../../commands/context';
import { applyProviderResult } from '../../commands/provider-result';
import { parseInput } from '../../kernel/validation';
import type { SigningStorage } from '../../modules/signing/envelope-documents';
import { ASYNC_PROVIDERS } from '../../providers/async-providers';
import { verifyWebhook } from '../../providers/webhooks';

const params = z.object({ provider: z.enum([...ASYNC_PROVIDERS, 'esign'], 'No such provider') });

export function webhookRoutes(app: FastifyInstance, deps: { ctx: CommandContext; secret: string | undefined; signing: SigningStorage }) {
  const { ctx } = deps;
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post('/api/webhooks/:provider', async (request, reply) => {
      const { provider } = parseInput(params, request.params);
      if (!deps.secret) return reply.code(503).send({ message: 'This server takes no webhooks: PROVIDER_WEBHOOK_SECRET is not set.' });
      if (typeof request.body !== 'string') return reply.code(400).send({ message: 'Send the webhook as application/json.' });
      const verified = verifyWebhook(deps.secret, request.body, request.headers);
      if ('refused' in verified) return reply.code(401).send({ message: `Webhook refused: ${verified.refused}` });
      const reader = provider === 'esign' ? ctx.providers.esign : ctx.providers.async[provider];
      const delivery = { provider, id: verified.id, type: verified.event.type, event: verified.event };
      return { outcome: await applyProviderResult(ctx, deps.signing, delivery, reader.answerOf(verified.event)) };
    });
  });
}
