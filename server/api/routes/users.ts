/** The caller's own profile and dashboard counts (SPEC §7). */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { profileView, userForCaller } from '../../users/user-records';
import type { Authenticate } from '../auth';

export function userRoutes(app: FastifyInstance, deps: { db: Database; authenticate: Authenticate }) {
  app.get('/api/users/profile', { preHandler: deps.authenticate }, async (request) => {
    return profileView(await userForCaller(deps.db, request.caller!));
  });

  app.get('/api/dashboard', { preHandler: deps.authenticate }, async (request) => {
    await userForCaller(deps.db, request.caller!);
    // Offers and transactions do not exist yet; their issues replace these zeros with counts.
    return {
      activeTransactions: { total: 0 },
      offers: { total: 0 },
      previousTransactions: { total: 0 },
    };
  });
}
