/**
 * The parties arrange the handover themselves where no flow books transport (handover-plans.ts):
 * one proposes who brings the car where and when, the other agrees. Each is one unit of work with
 * the deal locked first and the caller's idempotency key.
 */
import { HANDOVER_DAYS_AHEAD, type HandoverPlan } from '../../src/domain/transport';
import type { UserRow } from '../kernel/access';
import type { TransactionRow } from '../kernel/event-log';
import { BadRequest } from '../kernel/validation';
import { agreeHandover as agree, proposeHandover as propose } from '../modules/transport/handover-plans';
import { userKeys, type CommandContext } from './context';

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function proposeHandover(ctx: CommandContext, user: UserRow, row: TransactionRow, input: HandoverPlan) {
  const { idempotencyKey, ...plan } = input;
  // A day in the parties' own time zone can be "yesterday" in UTC: one day of slack.
  if (plan.day < dayOffset(-1) || plan.day > dayOffset(HANDOVER_DAYS_AHEAD))
    throw new BadRequest(`day: Choose a day from today to ${HANDOVER_DAYS_AHEAD} days ahead`, 'day');
  const key = {
    owner: userKeys(user),
    key: idempotencyKey,
    command: 'propose handover',
    request: { transactionId: row.id, ...plan },
    label: 'Proposing the handover',
  };
  return ctx.run({ dealId: row.dealId, key }, async (uow) => {
    await propose(uow, row, plan);
    return { proposed: true };
  });
}

export async function agreeHandover(ctx: CommandContext, user: UserRow, row: TransactionRow, idempotencyKey: string) {
  const key = {
    owner: userKeys(user),
    key: idempotencyKey,
    command: 'agree handover',
    request: { transactionId: row.id },
    label: 'Agreeing to the handover',
  };
  return ctx.run({ dealId: row.dealId, key }, async (uow) => {
    await agree(uow, row);
    return { agreed: true };
  });
}
