/**
 * Transactions (issue 7): the caller's list, one transaction in full, and the one way to change
 * one — POST an event with an idempotency key and the version it was based on. Only the deal's
 * parties on that side (and admins) see or act; anyone else gets 404.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { eventRequestSchema } from '../../../src/domain/transaction-events';
import type { Database } from '../../db/client';
import type { Providers } from '../../providers/providers';
import { assertUploaded } from '../../uploads/slot-documents';
import { applyPartyEvent } from '../../transactions/engine';
import { transactionDetail, transactionsOf } from '../../transactions/transaction-views';
import { userForCaller } from '../../users/user-records';
import type { Authenticate } from '../auth';
import { parseInput } from '../../validation';

const idParams = z.object({ id: z.uuid('That is not a transaction id') });

export function transactionRoutes(app: FastifyInstance, deps: { db: Database; authenticate: Authenticate; providers: Providers }) {
  const { db, providers } = deps;

  app.get('/api/transactions', { preHandler: deps.authenticate }, async (request) =>
    transactionsOf(db, await userForCaller(db, request.caller!)),
  );

  app.get('/api/transactions/:id', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return transactionDetail(db, providers, id, await userForCaller(db, request.caller!));
  });

  app.post('/api/transactions/:id/events', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(eventRequestSchema, request.body);
    const user = await userForCaller(db, request.caller!);
    if (input.event === 'identity address uploaded') await assertUploaded(db, id, user, String(input.payload?.documentKey ?? ''));
    const { replayed } = await applyPartyEvent(db, providers, id, user, input);
    return { replayed, transaction: await transactionDetail(db, providers, id, user) };
  });
}
