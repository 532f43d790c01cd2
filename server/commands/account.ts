/**
 * A person's own account: their details, their identity pool id, their buyer profiles, and the
 * account itself deleted; and an admin setting someone's type. None of them moves a deal, so each
 * is a unit of work of its own with nothing to follow.
 */
import type { AssignableUserType, BuyerProfile, ProfileUpdate } from '../../src/domain/profile-fields';
import type { UserRow } from '../kernel/access';
import { deleteUser, saveBuyerProfile, setIdentityId, setUserType, updateProfile } from '../modules/users/user-records';
import type { CommandContext } from './context';

export const updateAccount = async (ctx: CommandContext, user: UserRow, update: ProfileUpdate) =>
  (await ctx.run({}, (uow) => updateProfile(uow.tx, user, update))).result;

export const recordIdentityId = async (ctx: CommandContext, user: UserRow, identityId: string) =>
  (await ctx.run({}, (uow) => setIdentityId(uow.tx, user, identityId))).result;

export const deleteAccount = async (ctx: CommandContext, user: UserRow) => void (await ctx.run({}, (uow) => deleteUser(uow.tx, user)));

export const saveBuyerProfileOf = async (ctx: CommandContext, userId: string, profileId: string, profile: BuyerProfile) =>
  (await ctx.run({}, (uow) => saveBuyerProfile(uow.tx, userId, profileId, profile))).result;

export const changeUserType = async (ctx: CommandContext, userId: string, type: AssignableUserType) =>
  (await ctx.run({}, (uow) => setUserType(uow.tx, userId, type))).result;
