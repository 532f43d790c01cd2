/** `GET /api/notifications`: the caller's newest notifications (server/notifications), for the overview. */
import type { FastifyInstance } from 'fastify';
import type { CommandContext } from '../../commands/context';
import { notificationsOf } from '../../views/notifications';
import { accountOf } from '../../commands/account';
import type { Authenticate } from '../guards/auth';

export function notificationRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate }) {
  app.get('/api/notifications', { preHandler: deps.authenticate }, async (request) => ({
    notifications: await notificationsOf(deps.ctx.db, (await accountOf(deps.ctx, request.caller!)).id),
  }));
}
