/** `GET /api/notifications`: the caller's newest notifications (server/notifications), for the overview. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { notificationsOf } from '../../views/notifications';
import { userForCaller } from '../../modules/users/user-records';
import type { Authenticate } from '../guards/auth';

export function notificationRoutes(app: FastifyInstance, deps: { db: Database; authenticate: Authenticate }) {
  app.get('/api/notifications', { preHandler: deps.authenticate }, async (request) => ({
    notifications: await notificationsOf(deps.db, (await userForCaller(deps.db, request.caller!)).id),
  }));
}
