/**
 * The dealer programme's routes (issue 22): admins list, make and take back dealers
 * (`/api/admin/dealers`); dealers — the §6 dealer check, from the database, never from a claim
 * the client chose — submit and read their own sales (`/api/dealer/sales`), send a signed credit
 * application once uploaded, and take each sale on to funding. Anyone else gets 403.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { dealerGrantSchema, saleSubmissionSchema, structureRequestSchema } from '../../../src/domain/dealer-contract';
import type { CommandContext } from '../../commands/context';
import { continueDealerSale } from '../../commands/continue-dealer-sale';
import { grantDealer, revokeDealer } from '../../commands/dealerships';
import { sendDealerSaleForReview } from '../../commands/send-dealer-sale-for-review';
import { sendSignedApplication } from '../../commands/send-signed-application';
import { structureDealerSale } from '../../commands/structure-dealer-sale';
import { submitDealerSale } from '../../commands/submit-dealer-sale';
import { listDealers, requireDealer } from '../../modules/dealers/dealerships';
import { requireAdmin } from '../../kernel/access';
import { saleOf, salesOf } from '../../modules/dealers/dealer-sales';
import type { Caller } from '../../modules/users/caller';
import { parseInput } from '../../kernel/validation';
import { accountOf } from '../../commands/account';
import type { Authenticate } from '../guards/auth';
import { limitedBy } from '../guards/rate-limits';

const userParams = z.object({ userId: z.uuid('userId must be a UUID') });
const saleParams = z.object({ saleId: z.uuid('saleId must be a UUID') });
const keyOnly = z.strictObject({ idempotencyKey: z.uuid('idempotencyKey must be a UUID') });

export function dealerRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate }) {
  const { ctx } = deps;
  const { db } = ctx;
  const me = (request: { caller?: Caller }) => accountOf(ctx, request.caller!);
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
    return reply.code(201).send(await grantDealer(ctx, await admin(request), grant));
  });

  app.delete('/api/admin/dealers/:userId', { preHandler: deps.authenticate }, async (request, reply) => {
    const { userId } = parseInput(userParams, request.params);
    await admin(request);
    await revokeDealer(ctx, userId);
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
    const saleId = await submitDealerSale(ctx, user, parseInput(saleSubmissionSchema, request.body));
    return reply.code(201).send(await saleOf(db, user.id, saleId));
  });

  app.post('/api/dealer/sales/:saleId/application', { preHandler: deps.authenticate }, async (request) => {
    const { saleId } = parseInput(saleParams, request.params);
    const user = await dealer(request);
    await sendSignedApplication(ctx, user, saleId);
    return saleOf(db, user.id, saleId);
  });

  app.post('/api/dealer/sales/:saleId/structure', { preHandler: deps.authenticate }, async (request) => {
    const { saleId } = parseInput(saleParams, request.params);
    const structure = parseInput(structureRequestSchema, request.body);
    const user = await dealer(request);
    await structureDealerSale(ctx, user, saleId, structure);
    return saleOf(db, user.id, saleId);
  });

  app.post('/api/dealer/sales/:saleId/review', { preHandler: deps.authenticate }, async (request) => {
    const { saleId } = parseInput(saleParams, request.params);
    const user = await dealer(request);
    await sendDealerSaleForReview(ctx, user, saleId);
    return saleOf(db, user.id, saleId);
  });

  app.post('/api/dealer/sales/:saleId/continue', { preHandler: deps.authenticate }, async (request) => {
    const { saleId } = parseInput(saleParams, request.params);
    const { idempotencyKey } = parseInput(keyOnly, request.body);
    const user = await dealer(request);
    await continueDealerSale(ctx, user, saleId, idempotencyKey);
    return saleOf(db, user.id, saleId);
  });
}
