/**
 * Applying to the dealer programme: a signed-in user sends an application and reads their latest
 * (`/api/dealer-applications`); admins list the waiting and recently decided ones and decide each
 * (`/api/admin/dealer-applications`). Anyone but an admin gets 403 on the admin routes.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { applicationDecisionSchema, dealerApplicationRequestSchema } from '../../../src/domain/dealer-application-contract';
import { accountOf } from '../../commands/account';
import type { CommandContext } from '../../commands/context';
import { applyToBeDealer, decideDealerApplication } from '../../commands/dealer-applications';
import { requireAdmin } from '../../kernel/access';
import { parseInput } from '../../kernel/validation';
import type { Caller } from '../../modules/users/caller';
import { applicationOf, applicationsForReview, myApplication, reviewedApplication } from '../../views/dealer-applications';
import type { Authenticate } from '../guards/auth';
import { limitedBy } from '../guards/rate-limits';

const applicationParams = z.object({ applicationId: z.uuid('applicationId must be a UUID') });

export function dealerApplicationRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate }) {
  const { ctx } = deps;
  const { db } = ctx;
  const me = (request: { caller?: Caller }) => accountOf(ctx, request.caller!);
  const admin = async (request: { caller?: Caller }) => {
    const user = await me(request);
    requireAdmin(user);
    return user;
  };

  app.post(
    '/api/dealer-applications',
    { preHandler: [deps.authenticate, limitedBy(app, 'dealerApplicationsPerUser')] },
    async (request, reply) => {
      const asked = parseInput(dealerApplicationRequestSchema, request.body);
      const user = await me(request);
      const applicationId = await applyToBeDealer(ctx, user, asked);
      return reply.code(201).send(await applicationOf(db, user.id, applicationId));
    },
  );

  app.get('/api/dealer-applications/mine', { preHandler: deps.authenticate }, async (request) => myApplication(db, await me(request)));

  app.get('/api/admin/dealer-applications', { preHandler: deps.authenticate }, async (request) => {
    await admin(request);
    return applicationsForReview(db);
  });

  app.post('/api/admin/dealer-applications/:applicationId/decision', { preHandler: deps.authenticate }, async (request) => {
    const { applicationId } = parseInput(applicationParams, request.params);
    const decision = parseInput(applicationDecisionSchema, request.body);
    await decideDealerApplication(ctx, await admin(request), applicationId, decision);
    return reviewedApplication(db, applicationId);
  });
}
