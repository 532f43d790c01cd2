/** An admin tries a failing effect again now (a mail, a request to a provider), whether it was given up on or waiting its pause. */
import { Refusal } from '../kernel/refusal';
import type { CommandContext } from './context';

export async function retryEffect(ctx: CommandContext, id: number): Promise<void> {
  const { result } = await ctx.run({}, (uow) => uow.requeueEffect(id));
  if (!result) throw new Refusal(404, 'That delivery is not waiting to be tried again: it went out, or it is not ours.');
}
