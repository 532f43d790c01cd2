/** Users as the API sees them: one row per identity-pool subject, made on first contact. */
import { and, eq, sql } from 'drizzle-orm';
import type { AssignableUserType, BuyerProfile, ProfileUpdate } from '../../../src/domain/profile-fields';
import type { UserRow } from '../../kernel/access';
import type { Tx } from '../../kernel/event-log';
import { unitOfWork } from '../../kernel/unit-of-work';
import type { Caller } from './caller';
import type { Database } from '../../db/client';
import { buyerProfiles, users } from '../../db/schema';

/** Admins are the members of the user pool's `admin` group; the row mirrors it on every call. */
export const ADMIN_GROUP = 'admin';

/**
 * The caller's row, created from the token's claims on their first call (safe under races). The
 * e-mail follows the token only when the token says it is verified, so an address someone merely
 * typed into their pool profile never becomes theirs here.
 */
export async function userForCaller(db: Database, caller: Caller): Promise<UserRow> {
  const isAdmin = caller.groups.includes(ADMIN_GROUP);
  const known = () => db.select().from(users).where(eq(users.cognitoSub, caller.sub));
  // Every request comes through here and nearly every caller is known: one read, the insert only for a newcomer.
  let [row] = await known();
  if (!row) {
    // Mirroring the identity pool's claims is a unit of work of its own: nothing follows from it, and no one is told.
    await unitOfWork({ db }, {}, (uow) =>
      uow.tx
        .insert(users)
        .values({
          cognitoSub: caller.sub,
          email: caller.email,
          type: isAdmin ? 'admin' : 'customer',
          // A provider's profile may name the person: the sign-up details start from it.
          firstName: caller.givenName ?? null,
          lastName: caller.familyName ?? null,
        })
        .onConflictDoNothing({ target: users.cognitoSub }),
    );
    [row] = await known();
  }
  if (!row) throw new Error(`user ${caller.sub} vanished after insert`);
  // Admin rights follow the group on every token, both ways: removed from it, an admin is a customer again.
  const mirrored = (values: Partial<typeof users.$inferInsert>) => unitOfWork({ db }, {}, (uow) => updateRow(uow.tx, row!.id, values));
  if (isAdmin !== (row.type === 'admin')) return (await mirrored({ type: isAdmin ? 'admin' : 'customer' })).result;
  if (caller.email && caller.emailVerified && row.email !== caller.email) return (await mirrored({ email: caller.email })).result;
  return row;
}

async function updateRow(db: Database | Tx, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** Applies the user's own edits; details count as submitted once first, last name and mobile are all set. */
export async function updateProfile(db: Database | Tx, row: UserRow, update: ProfileUpdate): Promise<UserRow> {
  const next = { ...row, ...update };
  return updateRow(db, row.id, {
    ...update,
    isAdditionalDetailsSubmitted: Boolean(next.firstName && next.lastName && next.mobile),
  });
}

export async function setIdentityId(db: Database | Tx, row: UserRow, cognitoIdentityId: string): Promise<UserRow> {
  return updateRow(db, row.id, { cognitoIdentityId });
}

export async function setUserType(db: Database | Tx, userId: string, type: AssignableUserType): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ type, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Removes the user's records (buyer profiles go with them); the identity is removed by the client. */
export async function deleteUser(db: Database | Tx, row: UserRow): Promise<void> {
  await db.delete(users).where(eq(users.id, row.id));
}

/**
 * Creates or replaces buyer profile `profileId` of user `userId`. Answers undefined when that
 * id already belongs to another user, so the caller learns nothing about it.
 */
export async function saveBuyerProfile(db: Database | Tx, userId: string, profileId: string, profile: BuyerProfile) {
  const values = {
    legalFirstName: profile.legalFirstName,
    legalLastName: profile.legalLastName,
    dateOfBirth: profile.dateOfBirth,
    addressLine1: profile.address.line1,
    addressLine2: profile.address.line2 ?? null,
    city: profile.address.city,
    state: profile.address.state,
    postalCode: profile.address.postalCode,
  };
  await db
    .insert(buyerProfiles)
    .values({ id: profileId, userId, ...values })
    .onConflictDoUpdate({ target: buyerProfiles.id, set: { ...values, updatedAt: sql`now()` }, where: eq(buyerProfiles.userId, userId) });
  const [row] = await db
    .select()
    .from(buyerProfiles)
    .where(and(eq(buyerProfiles.id, profileId), eq(buyerProfiles.userId, userId)));
  return row && buyerProfileView(row);
}

function buyerProfileView(row: typeof buyerProfiles.$inferSelect) {
  return {
    id: row.id,
    userId: row.userId,
    legalFirstName: row.legalFirstName,
    legalLastName: row.legalLastName,
    dateOfBirth: row.dateOfBirth,
    address: {
      line1: row.addressLine1,
      ...(row.addressLine2 ? { line2: row.addressLine2 } : {}),
      city: row.city,
      state: row.state,
      postalCode: row.postalCode,
    },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** SPEC §3 user details plus the profile's identity id, as the app receives them. */
export function profileView(row: UserRow) {
  return {
    uid: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    mobile: row.mobile,
    type: row.type,
    isAdditionalDetailsSubmitted: row.isAdditionalDetailsSubmitted,
    cognitoIdentityId: row.cognitoIdentityId,
    caramelCode: row.caramelCode,
  };
}
