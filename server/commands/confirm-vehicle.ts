/** The seller confirms or corrects the vehicle a buyer described, with its VIN ("Confirm vehicle information"). */
import type { ConfirmVehicle } from '../../src/domain/offer-fields';
import type { UserRow } from '../kernel/access';
import { confirmVehicle as confirm } from '../modules/offers/offer-vehicles';
import { userKeys, type CommandContext } from './context';

export async function confirmVehicle(ctx: CommandContext, user: UserRow, negotiationId: string, input: ConfirmVehicle): Promise<void> {
  const { idempotencyKey, ...asked } = input;
  const key = idempotencyKey
    ? {
        owner: userKeys(user),
        key: idempotencyKey,
        command: 'confirm vehicle',
        request: { negotiationId, ...asked },
        label: 'Confirming the vehicle',
      }
    : undefined;
  await ctx.run({ key }, (uow) => confirm(uow, negotiationId, user, input));
}
