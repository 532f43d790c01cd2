/** An admin makes a listing site's partner key (answered once, when made) or revokes one. */
import type { PartnerKeyRequest } from '../../src/domain/partner-contract';
import type { UserRow } from '../kernel/access';
import { createPartnerKey as makeKey, revokePartnerKey as revokeKey } from '../modules/partners/partner-keys';
import type { CommandContext } from './context';

export const createPartnerKey = async (ctx: CommandContext, admin: UserRow, request: PartnerKeyRequest) =>
  (await ctx.run({}, (uow) => makeKey(uow.tx, admin.id, request))).result;

export const revokePartnerKey = async (ctx: CommandContext, keyId: string) => void (await ctx.run({}, (uow) => revokeKey(uow.tx, keyId)));
