/**
 * The handover: `GET` both parties' records of a party's deal (an admin reads them too); `POST` the
 * caller's own, once, with its photos' keys — their SHA-256 are taken from storage. Where no flow
 * books transport, a party proposes the handover (`…/handover/plan`) and the other agrees
 * (`…/handover/plan/agree`); each answers the caller's transaction as it now stands.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { recordHandoverSchema } from '../../../src/domain/handover';
import { agreeHandoverSchema, handoverPlanSchema } from '../../../src/domain/transport';
import { agreeHandover, proposeHandover } from '../../commands/arrange-handover';
import { accountOf } from '../../commands/account';
import type { CommandContext } from '../../commands/context';
import { recordHandover } from '../../commands/record-handover';
import { transactionFor } from '../../kernel/access';
import { Refusal } from '../../kernel/refusal';
import { parseInput } from '../../kernel/validation';
import type { StorageDeps } from '../../modules/uploads/multipart';
import { handoverFor } from '../../views/handover-views';
import { transactionDetail } from '../../views/transaction-views';
import type { Caller } from '../../modules/users/caller';
import type { Authenticate } from '../guards/auth';

const idParams = z.object({ id: z.uuid('That is not a transaction id') });

export function handoverRoutes(app: FastifyInstance, deps: { ctx: CommandContext; storage: StorageDeps; authenticate: Authenticate }) {
  const { ctx, storage } = deps;

  app.get('/api/transactions/:id/handover', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return handoverFor(ctx.db, id, await accountOf(ctx, request.caller!));
  });

  app.post('/api/transactions/:id/handover', { preHandler: deps.authenticate }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(recordHandoverSchema, request.body);
    const user = await accountOf(ctx, request.caller!);
    const { row, role } = await transactionFor(ctx.db, id, user);
    if (!role) throw new Refusal(403, 'Only the parties record the handover.');
    const recorded = await recordHandover(ctx, storage, user, row, input);
    return reply.code(recorded.replayed ? 200 : 201).send({ ...recorded, handover: await handoverFor(ctx.db, id, user) });
  });

  /** The caller's own transaction, as one of its parties. */
  const asParty = async (request: { caller?: Caller; params: unknown }) => {
    const { id } = parseInput(idParams, request.params);
    const user = await accountOf(ctx, request.caller!);
    const { row, role } = await transactionFor(ctx.db, id, user);
    if (!role) throw new Refusal(403, 'Only the parties arrange the handover.');
    return { user, row };
  };

  app.post('/api/transactions/:id/handover/plan', { preHandler: deps.authenticate }, async (request, reply) => {
    const { user, row } = await asParty(request);
    const { replayed } = await proposeHandover(ctx, user, row, parseInput(handoverPlanSchema, request.body));
    return reply.code(replayed ? 200 : 201).send({ replayed, transaction: await transactionDetail(ctx.db, ctx.providers, row.id, user) });
  });

  app.post('/api/transactions/:id/handover/plan/agree', { preHandler: deps.authenticate }, async (request, reply) => {
    const { user, row } = await asParty(request);
    const { idempotencyKey } = parseInput(agreeHandoverSchema, request.body);
    const { replayed } = await agreeHandover(ctx, user, row, idempotencyKey);
    return reply.code(replayed ? 200 : 201).send({ replayed, transaction: await transactionDetail(ctx.db, ctx.providers, row.id, user) });
  });
}
