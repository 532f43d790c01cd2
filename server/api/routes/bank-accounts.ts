/**
 * Linked bank accounts (SPEC §2.2 /link-account): the caller's own list, a link started (the
 * provider's hosted page, coming back to this app only), the public token it handed back
 * exchanged, micro-deposits confirmed, an account removed. Another user's account is a 404.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { linkFinishSchema, linkStartSchema, microDepositsSchema } from '../../../src/domain/bank-accounts';
import { foldStepData } from '../../../src/domain/step-data';
import type { CommandContext } from '../../commands/context';
import { finishBankLink, startBankLink } from '../../commands/link-bank-account';
import { removeBankAccount } from '../../commands/remove-bank-account';
import { verifyBankAccount } from '../../commands/verify-bank-account';
import { accountsOf } from '../../modules/money/bank-accounts';
import { eventsOf } from '../../kernel/event-log';
import { transactionsOf } from '../../views/transaction-views';
import type { UserRow } from '../../kernel/access';
import { parseInput } from '../../kernel/validation';
import { accountOf } from '../../commands/account';
import type { Caller } from '../../modules/users/caller';
import type { Authenticate } from '../guards/auth';

const idParams = z.object({ id: z.uuid('That is not a bank account id') });

export function bankAccountRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate }) {
  const { ctx } = deps;
  const { db } = ctx;
  const me = (request: { caller?: Caller }) => accountOf(ctx, request.caller!);

  /** Whether one of the user's sales in progress pays from or into the account. */
  const usedBySale = (user: UserRow) => async (accountId: string) => {
    const { active } = await transactionsOf(db, user);
    for (const summary of active) if (foldStepData(await eventsOf(db, summary.id)).payment.accountId === accountId) return true;
    return false;
  };

  app.get('/api/bank-accounts', { preHandler: deps.authenticate }, async (request) => ({
    accounts: await accountsOf(db, await me(request)),
  }));

  app.post('/api/bank-accounts/link', { preHandler: deps.authenticate }, async (request) => {
    const { returnTo } = parseInput(linkStartSchema, request.body);
    return startBankLink(ctx, await me(request), returnTo);
  });

  app.post('/api/bank-accounts', { preHandler: deps.authenticate }, async (request, reply) => {
    const input = parseInput(linkFinishSchema, request.body);
    return reply.code(201).send({ account: await finishBankLink(ctx, await me(request), input) });
  });

  app.post('/api/bank-accounts/:id/verify', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { amounts } = parseInput(microDepositsSchema, request.body);
    return { account: await verifyBankAccount(ctx, await me(request), id, amounts) };
  });

  app.delete('/api/bank-accounts/:id', { preHandler: deps.authenticate }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const user = await me(request);
    await removeBankAccount(ctx, user, id, usedBySale(user));
    return reply.code(204).send();
  });
}
