/**
 * Local stack only (registered when LOCAL_STACK=true, like the dev mailbox): moves a deal's
 * delivery clock on, as if hours had passed, so the release after the handover can be tried
 * without waiting for it. A party of the sale calls it with their own token.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { accountOf } from '../../commands/account';
import type { CommandContext } from '../../commands/context';
import { advanceDeliveryClock } from '../../commands/delivery';
import { transactionFor } from '../../kernel/access';
import { parseInput } from '../../kernel/validation';
import type { Authenticate } from '../guards/auth';

const idParams = z.object({ id: z.uuid('That is not a transaction id') });
const advance = z.object({
  advanceHours: z.number('Give advanceHours: how many hours to move the clock on').check(z.positive('advanceHours must be above 0')),
});

export function devClockRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate }) {
  app.post('/api/dev/transactions/:id/delivery-clock', { preHandler: deps.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const { advanceHours } = parseInput(advance, request.body ?? {});
    const { row } = await transactionFor(deps.ctx.db, id, await accountOf(deps.ctx, request.caller!));
    const { result } = await advanceDeliveryClock(deps.ctx, row, advanceHours);
    return result;
  });
}
