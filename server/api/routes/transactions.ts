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
import { cancelSale } from '../../modules/deals/cancellation';
import { dealAndVehicle, dealSides } from '../../modules/money/deal-money';
import { askQuotes, carLocationOf } from '../../modules/transport/shipments';
import { eventRequestSchema } from '../../../src/domain/transaction-events';
import type { Database } from '../../db/client';
import type { Providers } from '../../providers/providers';
import { choosesTransport } from '../../../src/domain/transaction-transitions';
import { transactionFor } from '../../kernel/access';
import { applyPartyEvent } from '../../commands/step-event';
import { transactionDetail, transactionsOf } from '../../views/transaction-views';
import { userForCaller } from '../../modules/users/user-records';
import type { Authenticate } from '../auth';
import { parseInput } from '../../kernel/validation';

const idParams = z.object({ id: z.uuid('That is not a transaction id') });

export function transactionRoutes(
  app: FastifyInstance,
  deps: { db: Database; authenticate: Authenticate; providers: Providers; dispatch: () => Promise<void>; deliver: () => Promise<void> },
) {
  const { db, providers } = deps;
  const dispatchNow = (log: { warn: (details: object, message: string) => void }) =>
    deps.dispatch().catch((error: Error) => log.warn({ error: error.message }, 'handing a request to a provider failed'));
  const deliverNow = (log: { error: (details: object, message: string) => void }) =>
    deps.deliver().catch((error: Error) => log.error({ error: error.message }, 'notification delivery failed'));

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
    const { replayed } = await applyPartyEvent(db, providers, id, user, input);
    // A request for a provider that answers later goes out now; one it cannot take yet is tried again on the interval.
    // An action can close the sale, which mails both parties; and tell the other party their step waits.
    if (!replayed) {
      await dispatchNow(request.log);
      await deliverNow(request.log);
    }
    return { replayed, transaction: await transactionDetail(db, providers, id, user) };
  });

  // Delivery quotes from both vendors, from the seller's pickup address to the buyer's.
  app.post('/api/transactions/:id/transport-quotes', { preHandler: deps.authenticate }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(quoteRequestSchema, request.body);
    const { row } = await transactionFor(db, id, await userForCaller(db, request.caller!));
    if (!choosesTransport(row.flow)) return reply.code(422).send({ message: 'Only the buyer chooses the transport.' });
    const { vehicle } = await dealAndVehicle(db, row.dealId);
    const from = await carLocationOf(db, row.dealId, (await dealSides(db, row.dealId)).seller);
    const answer = await askQuotes(db, providers, row, vehicle, from, input.deliveryAddress);
    return { ...answer, from: from && { city: from.city, state: from.state, postalCode: from.postalCode } };
  });

  app.post('/api/transactions/:id/cancel', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(cancelRequestSchema, request.body);
    const user = await userForCaller(db, request.caller!);
    const { row } = await transactionFor(db, id, user);
    await cancelSale(db, providers, row, input);
    await dispatchNow(request.log);
    await deliverNow(request.log);
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
    const { row } = await transactionFor(db, id, await userForCaller(db, request.caller!));
    if (row.side !== 'seller') return reply.code(422).send({ message: 'Only the seller asks their lender for a payoff.' });
    const quote = await providers.lienholders.payoffQuote(input.lienholderId, input.accountNumber);
    if (!quote)
      return reply
        .code(422)
        .send({ message: 'Your lender has no loan with that account number. Check it on a statement, or enter the payoff yourself.' });
    return quote;
  });
}
