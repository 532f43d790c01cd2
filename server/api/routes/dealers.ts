/**
 * The dealer programme's routes (issue 22): admins list, make and take back dealers
 * (`/api/admin/dealers`); dealers — the §6 dealer check, from the database, never from a claim
 * the client chose — submit and read their own sales (`/api/dealer/sales`), send a signed credit
 * application once uploaded, and take each sale on to funding. Anyone else gets 403.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { dealerGrantSchema, saleSubmissionSchema, structureRequestSchema } from '../../../src/domain/dealer-contract';
import type { Database } from '../../db/client';
import { grantDealer, listDealers, requireAdmin, requireDealer, revokeDealer } from '../../modules/dealers/dealerships';
import { saleOf, salesOf, submitSale } from '../../modules/dealers/dealer-sales';
import { continueToTransport, structureSale, submitForReview } from '../../modules/dealers/dealer-steps';
import { sendSignedApplication } from '../../modules/dealers/signed-applications';
import type { Providers } from '../../providers/providers';
import type { Caller } from '../../modules/users/caller';
import { userForCaller } from '../../modules/users/user-records';
import { parseInput } from '../../kernel/validation';
import type { Authenticate } from '../auth';
import { limitedBy } from '../rate-limits';

const userParams = z.object({ userId: z.uuid('userId must be a UUID') });
const saleParams = z.object({ saleId: z.uuid('saleId must be a UUID') });
const keyOnly = z.strictObject({ idempotencyKey: z.uuid('idempotencyKey must be a UUID') });

export function dealerRoutes(
  app: FastifyInstance,
  deps: { db: Database; authenticate: Authenticate; providers: Providers; dispatch: () => Promise<void> },
) {
  const { db } = deps;
  const me = (request: { caller?: Caller }) => userForCaller(db, request.caller!);
  const admin = async (request: { caller?: Caller }) => {
    const user = await me(request);
    requireAdmin(user);
    return user;
  };
  const dealer = async (request: { caller?: Caller }) => {
    const user = await me(request);
    await requireDealer(db, user);
    return user;
  };

  app.get('/api/admin/dealers', { preHandler: deps.authenticate }, async (request) => {
    await admin(request);
    return { dealers: await listDealers(db) };
  });

  app.post('/api/admin/dealers', { preHandler: deps.authenticate }, async (request, reply) => {
    const grant = parseInput(dealerGrantSchema, request.body);
    return reply.code(201).send(await grantDealer(db, await admin(request), grant));
  });

  app.delete('/api/admin/dealers/:userId', { preHandler: deps.authenticate }, async (request, reply) => {
    const { userId } = parseInput(userParams, request.params);
    await admin(request);
    await revokeDealer(db, userId);
    return reply.code(204).send();
  });

  app.get('/api/dealer/sales', { preHandler: deps.authenticate }, async (request) => ({
    sales: await salesOf(db, (await dealer(request)).id),
  }));

  app.get('/api/dealer/sales/:saleId', { preHandler: deps.authenticate }, async (request) => {
    const { saleId } = parseInput(saleParams, request.params);
    return saleOf(db, (await dealer(request)).id, saleId);
  });

  app.post('/api/dealer/sales', { preHandler: [deps.authenticate, limitedBy(app, 'dealerSalesPerUser')] }, async (request, reply) => {
    const user = await dealer(request);
    const sale = await submitSale(db, user, parseInput(saleSubmissionSchema, request.body));
    // The credit application goes to the lender now, not on the next interval.
    await deps.dispatch().catch((error: Error) => request.log.warn({ error: error.message }, 'handing a request to a provider failed'));
    return reply.code(201).send(sale);
  });

  app.post('/api/dealer/sales/:saleId/application', { preHandler: deps.authenticate }, async (request) => {
    const { saleId } = parseInput(saleParams, request.params);
    const sale = await sendSignedApplication(db, await dealer(request), saleId);
    await deps.dispatch().catch((error: Error) => request.log.warn({ error: error.message }, 'handing a request to a provider failed'));
    return sale;
  });

  app.post('/api/dealer/sales/:saleId/structure', { preHandler: deps.authenticate }, async (request) => {
    const { saleId } = parseInput(saleParams, request.params);
    const structure = parseInput(structureRequestSchema, request.body);
    return structureSale(db, deps.providers, await dealer(request), saleId, structure);
  });

  app.post('/api/dealer/sales/:saleId/review', { preHandler: deps.authenticate }, async (request) => {
    const { saleId } = parseInput(saleParams, request.params);
    const sale = await submitForReview(db, await dealer(request), saleId);
    await deps.dispatch().catch((error: Error) => request.log.warn({ error: error.message }, 'handing a request to a provider failed'));
    return sale;
  });

  app.post('/api/dealer/sales/:saleId/continue', { preHandler: deps.authenticate }, async (request) => {
    const { saleId } = parseInput(saleParams, request.params);
    const { idempotencyKey } = parseInput(keyOnly, request.body);
    return continueToTransport(db, deps.providers, await dealer(request), saleId, idempotencyKey);
  });
}
