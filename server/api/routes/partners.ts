/**
 * The partner API (issue 22): admins make, list and revoke listing sites' keys
 * (`/api/admin/partner-keys`); a site sends deals with `Authorization: Bearer <partner key>` to
 * `POST /api/partner/deals`. A partner key opens that route only: every other route takes ID
 * tokens, which a partner key is not, so it gets 401 there.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { partnerDealSchema, partnerKeyRequestSchema } from '../../../src/domain/partner-contract';
import type { CommandContext } from '../../commands/context';
import { createPartnerDeal } from '../../commands/create-partner-deal';
import { createPartnerKey, revokePartnerKey } from '../../commands/partner-keys';
import { requireAdmin } from '../../kernel/access';
import { listPartnerKeys, partnerKeyFor, type PartnerKeyRow } from '../../modules/partners/partner-keys';
import type { Caller } from '../../modules/users/caller';
import { parseInput } from '../../kernel/validation';
import { accountOf } from '../../commands/account';
import type { Authenticate } from '../guards/auth';
import { limitedBy } from '../guards/rate-limits';

declare module 'fastify' {
  interface FastifyRequest {
    partnerKey?: PartnerKeyRow;
  }
}

const keyParams = z.object({ keyId: z.uuid('keyId must be a UUID') });

export function partnerRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate }) {
  const { ctx } = deps;
  const { db } = ctx;
  const admin = async (request: { caller?: Caller }) => {
    const user = await accountOf(ctx, request.caller!);
    requireAdmin(user);
    return user;
  };

  app.get('/api/admin/partner-keys', { preHandler: deps.authenticate }, async (request) => {
    await admin(request);
    return { keys: await listPartnerKeys(db) };
  });

  app.post('/api/admin/partner-keys', { preHandler: deps.authenticate }, async (request, reply) => {
    const asked = parseInput(partnerKeyRequestSchema, request.body);
    return reply.code(201).send(await createPartnerKey(ctx, await admin(request), asked));
  });

  app.delete('/api/admin/partner-keys/:keyId', { preHandler: deps.authenticate }, async (request, reply) => {
    const { keyId } = parseInput(keyParams, request.params);
    await admin(request);
    await revokePartnerKey(ctx, keyId);
    return reply.code(204).send();
  });

  // The key is never logged: a refusal says only that it was refused.
  async function authenticatePartner(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    const presented = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    const key = presented ? await partnerKeyFor(db, presented) : undefined;
    if (!key) {
      request.log.info('rejected partner key');
      await reply.code(401).send({ message: 'Send a live partner key as Authorization: Bearer <key>.' });
      return;
    }
    request.partnerKey = key;
  }

  app.post('/api/partner/deals', { preHandler: [authenticatePartner, limitedBy(app, 'partnerDealsPerKey')] }, async (request, reply) => {
    const input = parseInput(partnerDealSchema, request.body);
    const made = await createPartnerDeal(ctx, request.partnerKey!, input);
    return reply.code(made.replayed ? 200 : 201).send(made);
  });
}
