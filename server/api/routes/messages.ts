/**
 * Deal messages (issue 33): a user's threads, one thread, writing in it, receipts and reports.
 * Only the negotiation's two parties reach a thread (404 for anyone else, as for their offers);
 * an admin reads one once a message in it was reported.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { reportSchema, seenSchema, sendMessageSchema } from '../../../src/domain/message-contract';
import { accountOf } from '../../commands/account';
import type { CommandContext } from '../../commands/context';
import { markThreadSeen, reportThreadMessage, sendMessage } from '../../commands/messages';
import { parseInput } from '../../kernel/validation';
import { threadsOf, threadView } from '../../views/thread-views';
import { unreadMessagesOf } from '../../modules/messages/unread-count';
import type { Authenticate } from '../guards/auth';
import { limitedBy } from '../guards/rate-limits';

const threadParams = z.object({ id: z.uuid('That is not a conversation id') });
const messageParams = z.object({ id: z.uuid('That is not a conversation id'), messageId: z.uuid('That is not a message id') });

export function messageRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate }) {
  const { ctx } = deps;
  const me = (request: FastifyRequest) => accountOf(ctx, request.caller!);

  app.get('/api/threads', { preHandler: deps.authenticate }, async (request) => threadsOf(ctx.db, await me(request)));

  // Asked with the dashboard counts on every navigation: one count, not the list.
  app.get('/api/threads/unread', { preHandler: deps.authenticate }, async (request) => ({
    unread: await unreadMessagesOf(ctx.db, (await me(request)).id),
  }));

  app.get('/api/threads/:id', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(threadParams, request.params);
    return threadView(ctx.db, id, await me(request));
  });

  app.post('/api/threads/:id/messages', { preHandler: [deps.authenticate, limitedBy(app, 'messagesPerUser')] }, async (request, reply) => {
    const { id } = parseInput(threadParams, request.params);
    const input = parseInput(sendMessageSchema, request.body);
    const { result, replayed } = await sendMessage(ctx, await me(request), id, input);
    return reply.code(replayed ? 200 : 201).send({ ...result, replayed });
  });

  app.post('/api/threads/:id/seen', { preHandler: deps.authenticate }, async (request, reply) => {
    const { id } = parseInput(threadParams, request.params);
    await markThreadSeen(ctx, await me(request), id, parseInput(seenSchema, request.body));
    return reply.code(204).send();
  });

  app.post(
    '/api/threads/:id/messages/:messageId/report',
    { preHandler: [deps.authenticate, limitedBy(app, 'messageReportsPerUser')] },
    async (request, reply) => {
      const { id, messageId } = parseInput(messageParams, request.params);
      const { reason } = parseInput(reportSchema, request.body);
      await reportThreadMessage(ctx, await me(request), id, messageId, reason);
      return reply.code(204).send();
    },
  );
}
