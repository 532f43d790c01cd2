/**
 * Delivery confirmation and disputes (src/domain/delivery.ts). Parties: `GET` their deal's
 * delivery (the clock and the case); the buyer confirms delivery or raises a problem; either party
 * adds evidence to an open case. Admins: the list of cases, one case, and its decision. Each write
 * answers the delivery as its caller now reads it.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { addEvidenceSchema, decideDisputeSchema, raiseProblemSchema } from '../../../src/domain/delivery';
import { accountOf } from '../../commands/account';
import type { CommandContext } from '../../commands/context';
import { addEvidence, confirmDelivery, decideDispute, raiseProblem } from '../../commands/delivery';
import { requireAdmin, transactionFor, type UserRow } from '../../kernel/access';
import { Refusal } from '../../kernel/refusal';
import { parseInput } from '../../kernel/validation';
import type { StorageDeps } from '../../modules/uploads/multipart';
import { deliveryFor, disputeForAdmin, disputeList } from '../../views/delivery-views';
import type { Caller } from '../../modules/users/caller';
import type { Authenticate } from '../guards/auth';

const idParams = z.object({ id: z.uuid('That is not a transaction id') });
const caseParams = z.object({ disputeId: z.uuid('That is not a case id') });
const confirmSchema = z.object({ idempotencyKey: z.uuid('idempotencyKey must be a UUID made when delivery was confirmed') });

export function deliveryRoutes(app: FastifyInstance, deps: { ctx: CommandContext; storage: StorageDeps; authenticate: Authenticate }) {
  const { ctx, storage } = deps;
  const me = (request: { caller?: Caller }) => accountOf(ctx, request.caller!);
  /** The caller's own transaction, as one of its parties (an admin reads, but does not act for a party). */
  const asParty = async (request: { caller?: Caller; params: unknown }) => {
    const { id } = parseInput(idParams, request.params);
    const user = await me(request);
    const { row, role } = await transactionFor(ctx.db, id, user);
    if (!role) throw new Refusal(403, 'Only the parties of the sale can do this.');
    return { user, row };
  };
  const delivery = (user: UserRow, transactionId: string) => deliveryFor(ctx.db, ctx.providers, transactionId, user);

  app.get('/api/transactions/:id/delivery', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return deliveryFor(ctx.db, ctx.providers, id, await me(request));
  });

  app.post('/api/transactions/:id/delivery/confirm', { preHandler: deps.authenticate }, async (request, reply) => {
    const { user, row } = await asParty(request);
    const { idempotencyKey } = parseInput(confirmSchema, request.body ?? {});
    const { replayed } = await confirmDelivery(ctx, user, row, idempotencyKey);
    return reply.code(replayed ? 200 : 201).send(await delivery(user, row.id));
  });

  app.post('/api/transactions/:id/dispute', { preHandler: deps.authenticate }, async (request, reply) => {
    const { user, row } = await asParty(request);
    const input = parseInput(raiseProblemSchema, request.body);
    const { replayed } = await raiseProblem(ctx, storage, user, row, input);
    return reply.code(replayed ? 200 : 201).send(await delivery(user, row.id));
  });

  app.post('/api/transactions/:id/dispute/evidence', { preHandler: deps.authenticate }, async (request, reply) => {
    const { user, row } = await asParty(request);
    const input = parseInput(addEvidenceSchema, request.body);
    const { replayed } = await addEvidence(ctx, storage, user, row, input);
    return reply.code(replayed ? 200 : 201).send(await delivery(user, row.id));
  });

  const admin = async (request: { caller?: Caller }) => {
    const user = await me(request);
    requireAdmin(user);
    return user;
  };

  app.get('/api/admin/disputes', { preHandler: deps.authenticate }, async (request) => {
    await admin(request);
    return { disputes: await disputeList(ctx.db) };
  });

  app.get('/api/admin/disputes/:disputeId', { preHandler: deps.authenticate }, async (request) => {
    const { disputeId } = parseInput(caseParams, request.params);
    const found = await disputeForAdmin(ctx.db, ctx.providers, disputeId, await admin(request));
    if (!found) throw new Refusal(404, 'Case not found.');
    return found;
  });

  app.post('/api/admin/disputes/:disputeId/decision', { preHandler: deps.authenticate }, async (request) => {
    const { disputeId } = parseInput(caseParams, request.params);
    const input = parseInput(decideDisputeSchema, request.body);
    const user = await admin(request);
    await decideDispute(ctx, user, disputeId, input);
    return disputeForAdmin(ctx.db, ctx.providers, disputeId, user);
  });
}
