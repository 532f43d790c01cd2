/**
 * The caller's own profile, buyer profiles and user types (SPEC §7). Every
 * route authenticates; a user reaches only their own records unless they are an admin.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { buyerProfileSchema, identityIdSchema, profileUpdateSchema, userTypeSchema } from '../../../src/domain/profile-fields';
import { changeUserType, deleteAccount, recordIdentityId, saveBuyerProfileOf, updateAccount } from '../../commands/account';
import type { CommandContext } from '../../commands/context';
import type { UserRow } from '../../kernel/access';
import { profileView } from '../../modules/users/user-records';
import type { Caller } from '../../modules/users/caller';
import { removeProvider, signInMethods } from '../../modules/users/sign-in-methods';
import type { UserPoolAdmin } from '../../modules/users/user-pool-admin';
import { providerParamSchema } from '../../../src/domain/sign-in-methods';
import { withCaramelCode } from '../../modules/users/caramel-codes';
import { accountOf } from '../../commands/account';
import type { Authenticate } from '../guards/auth';
import { parseInput } from '../../kernel/validation';

const userParams = z.object({ userId: z.uuid('userId must be a UUID') });
const buyerProfileParams = userParams.extend({ profileId: z.uuid('profileId must be a UUID') });

function forbidden(reply: FastifyReply, message: string) {
  return reply.code(403).send({ message });
}

export function userRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate; userPoolAdmin: UserPoolAdmin }) {
  const { ctx } = deps;
  const { db } = ctx;
  const caller = (request: { caller?: Caller }): Promise<UserRow> => accountOf(ctx, request.caller!);

  // The profile carries the user's Caramel code, made the first time it is read.
  app.get('/api/users/profile', { preHandler: deps.authenticate }, async (request) =>
    profileView(await withCaramelCode(db, await caller(request))),
  );

  app.patch('/api/users/profile', { preHandler: deps.authenticate }, async (request) => {
    const update = parseInput(profileUpdateSchema, request.body);
    return profileView(await updateAccount(ctx, await caller(request), update));
  });

  app.patch('/api/users/profile/identity', { preHandler: deps.authenticate }, async (request) => {
    const { cognitoIdentityId } = parseInput(identityIdSchema, request.body);
    return profileView(await recordIdentityId(ctx, await caller(request), cognitoIdentityId));
  });

  app.delete('/api/users/profile', { preHandler: deps.authenticate }, async (request, reply) => {
    await deleteAccount(ctx, await caller(request));
    return reply.code(204).send();
  });

  // The pool's record, not the token's `identities`: a token may predate a link or an unlink.
  app.get('/api/users/sign-in-methods', { preHandler: deps.authenticate }, async (request) =>
    signInMethods(deps.userPoolAdmin, request.caller!.username),
  );

  app.delete('/api/users/sign-in-methods/:provider', { preHandler: deps.authenticate }, async (request) => {
    const { provider } = parseInput(providerParamSchema, request.params);
    return removeProvider(deps.userPoolAdmin, request.caller!.username, provider);
  });

  // {userId} is the user's uid (as in the profile); {profileId} is the buyer profile's id,
  // chosen by the client so that a retried POST saves the same profile instead of a second one.
  app.post('/api/users/:userId/profile/:profileId', { preHandler: deps.authenticate }, async (request, reply) => {
    const { userId, profileId } = parseInput(buyerProfileParams, request.params);
    const profile = parseInput(buyerProfileSchema, request.body);
    const me = await caller(request);
    if (me.id !== userId && me.type !== 'admin') return forbidden(reply, 'You can only change your own buyer profile.');
    const saved = await saveBuyerProfileOf(ctx, userId, profileId, profile);
    if (!saved) return reply.code(404).send({ message: 'Buyer profile not found.' });
    return saved;
  });

  app.patch('/api/users/:userId/type', { preHandler: deps.authenticate }, async (request, reply) => {
    const { userId } = parseInput(userParams, request.params);
    const { type } = parseInput(userTypeSchema, request.body);
    if ((await caller(request)).type !== 'admin') return forbidden(reply, "Only an admin can change a user's type.");
    const row = await changeUserType(ctx, userId, type);
    return row ? profileView(row) : reply.code(404).send({ message: 'User not found.' });
  });
}
