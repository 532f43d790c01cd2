/**
 * A user applies to join the dealer programme (their key makes a repeat answer the same
 * application), and an admin decides an application: approved, the user is a dealer in the same
 * unit of work; declined, with the reason. Who is told follows from the events (effects/notices).
 */
import type { ApplicationDecision, DealerApplicationRequest } from '../../src/domain/dealer-application-contract';
import type { UserRow } from '../kernel/access';
import { decideApplication, sendApplication } from '../modules/dealers/dealer-applications';
import { userKeys, type CommandContext } from './context';

export async function applyToBeDealer(ctx: CommandContext, applicant: UserRow, request: DealerApplicationRequest): Promise<string> {
  const { idempotencyKey, ...asked } = request;
  const { result } = await ctx.run(
    {
      key: {
        owner: userKeys(applicant),
        key: idempotencyKey,
        command: 'apply to be a dealer',
        request: asked,
        label: 'Sending a dealer application',
      },
    },
    async (uow) => ({ applicationId: await sendApplication(uow, applicant, asked) }),
  );
  return result.applicationId;
}

export const decideDealerApplication = async (ctx: CommandContext, admin: UserRow, applicationId: string, decision: ApplicationDecision) =>
  void (await ctx.run({}, (uow) => decideApplication(uow, admin, applicationId, decision)));
