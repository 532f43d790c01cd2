/**
 * Transactions (issue 7): the caller's list, one transaction in full, and the one way to change
 * one — POST an event with an idempotency key and the version it was based on. Only the deal's
 * parties on that side (and admins) see or act; anyone else gets 404.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { payoffQuoteRequestSchema } from '../../../src/domain/seller-events';
import { quoteRequestSchema } from '../../../src/domain/transport';
import { cancelRequestSchema } from '../../../src/domain/cancellation';
import { eventRequestSchema } from '../../../src/domain/transaction-events';
import { cancelSale } from '../../commands/cancel-sale';
import type { CommandContext } from '../../commands/context';
import { applyStepEvent } from '../../commands/step-event';
import { askTransportQuotes } from '../../commands/transport-quotes';
import { transactionFor } from '../../kernel/access';
import { DEAL_RECORD } from '../../views/deal-record';
import { transactionDetail, transactionsOf } from '../../views/transaction-views';
import { accountOf } from '../../commands/account';
import type { Authenticate } from '../guards/auth';
import { parseInput } from '../../kernel/validation';

const idParams = z.object({ id: z.uuid('That is not a transaction id') });

export function transactionRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate }) {
  const { ctx } = deps;
  const { db, providers } = ctx;

  app.get('/api/transactions', { preHandler: deps.authenticate }, async (request) =>
    transactionsOf(db, await accountOf(ctx, request.caller!)),
  );

  app.get('/api/transactions/:id', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return transactionDetail(db, providers, id, await accountOf(ctx, request.caller!));
  });

  app.post('/api/transactions/:id/events', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(eventRequestSchema, request.body);
    const user = await accountOf(ctx, request.caller!);
    const { replayed, known } = await applyStepEvent(ctx, id, user, input, DEAL_RECORD);
    return { replayed, transaction: await transactionDetail(db, providers, id, user, known) };
  });

  // Delivery quotes from both vendors, from the seller's pickup address to the buyer's.
  app.post('/api/transactions/:id/transport-quotes', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(quoteRequestSchema, request.body);
    const { row } = await transactionFor(db, id, await accountOf(ctx, request.caller!));
    return askTransportQuotes(ctx, row, input.deliveryAddress);
  });

  app.post('/api/transactions/:id/cancel', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(cancelRequestSchema, request.body);
    const user = await accountOf(ctx, request.caller!);
    const { row } = await transactionFor(db, id, user);
    await cancelSale(ctx, user, row, input);
    return { transaction: await transactionDetail(db, providers, id, user) };
  });

  // The seller's lender: searchable, and a payoff quote for their loan account.
  app.get('/api/lienholders', { preHandler: deps.authenticate }, async (request) => {
    const { query } = parseInput(z.object({ query: z.optional(z.string().check(z.maxLength(60))) }), request.query);
    return { lienholders: providers.lienholders.search(query ?? '') };
  });

  app.post('/api/transactions/:id/payoff-quote', { preHandler: deps.authenticate }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(payoffQuoteRequestSchema, request.body);
    const { row } = await transactionFor(db, id, await accountOf(ctx, request.caller!));
    if (row.side !== 'seller') return reply.code(422).send({ message: 'Only the seller asks their lender for a payoff.' });
    const quote = await providers.lienholders.payoffQuote(input.lienholderId, input.accountNumber);
    if (!quote)
      return reply
        .code(422)
        .send({ message: 'Your lender has no loan with that account number. Check it on a statement, or enter the payoff yourself.' });
    return quote;
  });
}
