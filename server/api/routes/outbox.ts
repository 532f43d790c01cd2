/**
 * `/api/admin/outbox` (admins): the effects that keep failing and those given up on, so someone
 * sees a mail or a provider request that did not go out; and trying one again now.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { CommandContext } from '../../commands/context';
import { retryEffect } from '../../commands/retry-effect';
import { parseInput } from '../../kernel/validation';
import { requireAdmin } from '../../kernel/access';
import type { Caller } from '../../modules/users/caller';
import { failingEffects } from '../../views/outbox';
import { accountOf } from '../../commands/account';
import type { Authenticate } from '../guards/auth';

const params = z.object({ id: z.coerce.number().check(z.int('That is not a delivery id'), z.positive('That is not a delivery id')) });

export function outboxRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate }) {
  const { ctx } = deps;
  const admin = async (request: { caller?: Caller }) => requireAdmin(await accountOf(ctx, request.caller!));

  app.get('/api/admin/outbox', { preHandler: deps.authenticate }, async (request) => {
    await admin(request);
    return failingEffects(ctx.db);
  });

  app.post('/api/admin/outbox/:id/retry', { preHandler: deps.authenticate }, async (request, reply) => {
    const { id } = parseInput(params, request.params);
    await admin(request);
    await retryEffect(ctx, id);
    return reply.code(204).send();
  });
}
