/**
 * Notifications on the caller's devices (issue 44): the key a browser subscribes with, a device's
 * subscription handed over or taken back, and the topics the caller takes (for all their devices).
 * The subscription's endpoint is checked before the API ever calls it (push-endpoints.ts).
 */
import type { FastifyInstance } from 'fastify';
import { pushEndpointSchema, pushPreferencesSchema, pushSubscriptionSchema } from '../../../src/domain/push-contract';
import { accountOf } from '../../commands/account';
import type { CommandContext } from '../../commands/context';
import { parseInput } from '../../kernel/validation';
import type { Caller } from '../../modules/users/caller';
import { addDevice, preferencesOf, removeDevice, savePreferences } from '../../modules/push/push-devices';
import type { Authenticate } from '../guards/auth';

export function pushRoutes(
  app: FastifyInstance,
  deps: { ctx: CommandContext; authenticate: Authenticate; enabled: boolean; standInUrl?: string },
) {
  const { ctx } = deps;
  const me = (request: { caller?: Caller }) => accountOf(ctx, request.caller!);

  app.put('/api/push/subscriptions', { preHandler: deps.authenticate }, async (request, reply) => {
    const subscription = parseInput(pushSubscriptionSchema, request.body);
    if (!deps.enabled) return reply.code(409).send({ message: 'Notifications on devices are not set up on this server.' });
    await addDevice(ctx.db, await me(request), subscription, deps.standInUrl);
    return reply.code(204).send();
  });

  app.delete('/api/push/subscriptions', { preHandler: deps.authenticate }, async (request, reply) => {
    const { endpoint } = parseInput(pushEndpointSchema, request.body);
    await removeDevice(ctx.db, await me(request), endpoint);
    return reply.code(204).send();
  });

  app.get('/api/push/preferences', { preHandler: deps.authenticate }, async (request) => preferencesOf(ctx.db, await me(request)));

  app.put('/api/push/preferences', { preHandler: deps.authenticate }, async (request) => {
    const preferences = parseInput(pushPreferencesSchema, request.body);
    return savePreferences(ctx.db, await me(request), preferences);
  });
}
