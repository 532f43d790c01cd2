/**
 * The deal's timeline (the audit trail) for a party of either side, as JSON and as a PDF with
 * the documents' hashes. Only the transaction's own parties (and admins) get it; anyone else 404.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { timelinePdfQuerySchema } from '../../../src/domain/deal-timeline';
import type { CommandContext } from '../../commands/context';
import { dealTimeline } from '../../views/deal-timeline';
import { deliveryFor } from '../../views/delivery-views';
import { handoverFor } from '../../views/handover-views';
import { threadOfDeal } from '../../views/thread-views';
import { timelinePdf } from '../../views/timeline-pdf';
import { parseInput } from '../../kernel/validation';
import { accountOf } from '../../commands/account';
import type { Caller } from '../../modules/users/caller';
import type { Authenticate } from '../guards/auth';

const params = z.object({ id: z.uuid('That is not a transaction id') });

export function timelineRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate }) {
  const { ctx } = deps;
  const { db } = ctx;
  const timelineOf = async (request: { params: unknown; caller?: Caller }) => {
    const { id } = parseInput(params, request.params);
    return dealTimeline(db, id, await accountOf(ctx, request.caller!));
  };

  app.get('/api/transactions/:id/timeline', { preHandler: deps.authenticate }, async (request) => timelineOf(request));

  app.get('/api/transactions/:id/timeline.pdf', { preHandler: deps.authenticate }, async (request, reply) => {
    const { timeZone } = parseInput(timelinePdfQuerySchema, request.query);
    const timeline = await timelineOf(request);
    const reader = await accountOf(ctx, request.caller!);
    const thread = await threadOfDeal(db, timeline.dealId, reader);
    const handover = await handoverFor(db, timeline.transactionId, reader);
    const { dispute } = await deliveryFor(db, ctx.providers, timeline.transactionId, reader);
    const bytes = await timelinePdf(timeline, timeZone, new Date(), { thread, handover, dispute });
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="caramel-timeline-${timeline.dealId.slice(0, 8)}.pdf"`)
      .send(Buffer.from(bytes));
  });
}
