/**
 * A person's own account: their details, their identity pool id, their buyer profiles, and the
 * account itself deleted; and an admin setting someone's type. None of them moves a deal, so each
 * is a unit of work of its own with nothing to follow.
 */
import type { AssignableUserType, BuyerProfile, ProfileUpdate } from '../../src/domain/profile-fields';
import type { UserRow } from '../kernel/access';
import { attachByEmail } from '../modules/offers/deals';
import type { Caller } from '../modules/users/caller';
import {
  claimsToMirror,
  deleteUser,
  knownUser,
  mirrorClaims,
  saveBuyerProfile,
  setIdentityId,
  setUserType,
  updateProfile,
} from '../modules/users/user-records';
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

/**
 * The caller's account, made on their first call from the token's claims. When the token brings a
 * verified e-mail the account did not have yet, what was made for that address — offers, deals and
 * what they were told about them — becomes the account's in the same unit of work: an offer sent
 * to an e-mail reaches whoever proves it is theirs, at sign-up or the moment they do.
 */
export async function accountOf(ctx: CommandContext, caller: Caller): Promise<UserRow> {
  const known = await knownUser(ctx.db, caller);
  // Nearly every call: one read, nothing to mirror.
  if (known && !claimsToMirror(known, caller)) return known;
  const { result } = await ctx.run({}, async (uow) => {
    const account = await mirrorClaims(uow.tx, caller, known);
    const claimsEmail = account.emailVerified && (!known?.emailVerified || known.email !== account.email);
    if (claimsEmail) await attachByEmail(uow, account);
    return account;
  });
  return result;
}
