/**
 * Signing the sale (SPEC §2.4 signature): where the signing stands and the documents, a signing
 * session for the caller's own recipient, and — once the sale closed — who the other party is.
 * Every route acts on the caller's own side of a deal only.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { signingSessionRequestSchema } from '../../../src/domain/signing';
import type { CommandContext } from '../../commands/context';
import { openSigningSession, type SigningDeps } from '../../commands/open-signing-session';
import { transactionFor } from '../../kernel/access';
import { parseInput } from '../../kernel/validation';
import { connectionOf } from '../../views/connection';
import { signingState } from '../../views/signing-state';
import { accountOf } from '../../commands/account';
import type { Caller } from '../../modules/users/caller';
import type { Authenticate } from '../guards/auth';

const params = z.object({ id: z.uuid('That is not a transaction id') });

export function signingRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate; signing: SigningDeps }) {
  const { ctx, signing } = deps;
  const { db } = ctx;
  const own = async (request: { params: unknown; caller?: Caller }) => {
    const { id } = parseInput(params, request.params);
    const user = await accountOf(ctx, request.caller!);
    return (await transactionFor(db, id, user)).row;
  };

  app.get('/api/transactions/:id/signing', { preHandler: deps.authenticate }, async (request) =>
    signingState(db, signing, await own(request)),
  );

  app.post('/api/transactions/:id/signing-session', { preHandler: deps.authenticate }, async (request) => {
    const input = parseInput(signingSessionRequestSchema, request.body);
    return openSigningSession(ctx, signing, await own(request), input);
  });

  app.get('/api/transactions/:id/connection', { preHandler: deps.authenticate }, async (request, reply) => {
    const connection = await connectionOf(db, await own(request));
    return connection
      ? { connection }
      : reply.code(404).send({ message: 'You are connected with the other party once you have both signed.' });
  });
}
