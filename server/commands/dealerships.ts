/** An admin makes a signed-up user a dealer with their dealership's details, or takes it back (SPEC §6 dealer check). */
import type { DealerGrant } from '../../src/domain/dealer-contract';
import type { UserRow } from '../kernel/access';
import { grantDealer as grant, revokeDealer as revoke } from '../modules/dealers/dealerships';
import type { CommandContext } from './context';

export const grantDealer = async (ctx: CommandContext, admin: UserRow, request: DealerGrant) =>
  (await ctx.run({}, (uow) => grant(uow.tx, admin, request))).result;

export const revokeDealer = async (ctx: CommandContext, userId: string) => void (await ctx.run({}, (uow) => revoke(uow.tx, userId)));
