/** Users as the API sees them: one row per identity-pool subject, made on first contact. */
import { and, eq, sql } from 'drizzle-orm';
import type { AssignableUserType, BuyerProfile, ProfileUpdate } from '../../../src/domain/profile-fields';
import type { UserRow } from '../../kernel/access';
import type { Tx } from '../../kernel/event-log';
import type { Caller } from './caller';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { buyerProfiles, users } from '../../db/schema';

/** Admins are the members of the user pool's `admin` group; the row mirrors it on every call. */
export const ADMIN_GROUP = 'admin';

/** The caller's row, if they called before (one read: nearly every caller is known). */
export async function knownUser(db: Database | Tx, caller: Caller): Promise<UserRow | undefined> {
  const [row] = await userBySub(db, { sub: caller.sub });
  return row;
}

const userBySub = preparedStatement('user_by_sub', (db) =>
  db
    .select()
    .from(users)
    .where(eq(users.cognitoSub, sql.placeholder('sub'))),
);

/**
 * What the token says that the row does not mirror yet, or null when it mirrors all of it: admin
 * rights follow the group both ways (removed from it, an admin is a customer again); the e-mail
 * follows the token only when the token says it is verified, so an address someone merely typed
 * into their pool profile never becomes theirs here.
 */
export function claimsToMirror(row: UserRow, caller: Caller): Partial<typeof users.$inferInsert> | null {
  const isAdmin = caller.groups.includes(ADMIN_GROUP);
  const values: Partial<typeof users.$inferInsert> = {};
  if (isAdmin !== (row.type === 'admin')) values.type = isAdmin ? 'admin' : 'customer';
  if (caller.email && caller.emailVerified && (row.email !== caller.email || !row.emailVerified))
    Object.assign(values, { email: caller.email, emailVerified: true });
  return Object.keys(values).length ? values : null;
}

/** Makes the caller's row from the token's claims on their first call (safe under races), or mirrors what changed. */
export async function mirrorClaims(tx: Tx, caller: Caller, row: UserRow | undefined): Promise<UserRow> {
  if (row) {
    const values = claimsToMirror(row, caller);
    return values ? updateRow(tx, row.id, values) : row;
  }
  await tx
    .insert(users)
    .values({
      cognitoSub: caller.sub,
      email: caller.email,
      emailVerified: caller.emailVerified,
      type: caller.groups.includes(ADMIN_GROUP) ? 'admin' : 'customer',
      // A provider's profile may name the person: the sign-up details start from it.
      firstName: caller.givenName ?? null,
      lastName: caller.familyName ?? null,
    })
    .onConflictDoNothing({ target: users.cognitoSub });
  const made = await knownUser(tx, caller);
  if (!made) throw new Error(`user ${caller.sub} vanished after insert`);
  return made;
}

/** The account whose verified e-mail is `email` (compared without case), if any. */
export async function accountWithEmail(db: Database | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.emailVerified, true)));
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
