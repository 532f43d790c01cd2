/** Users as the API sees them: one row per identity-pool subject, made on first contact. */
import { eq } from 'drizzle-orm';
import type { Caller } from '../api/auth';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The caller's row, created from the token's claims on their first call (safe under races). */
export async function userForCaller(db: Database, caller: Caller): Promise<UserRow> {
  await db.insert(users).values({ cognitoSub: caller.sub, email: caller.email }).onConflictDoNothing({ target: users.cognitoSub });
  const [row] = await db.select().from(users).where(eq(users.cognitoSub, caller.sub));
  if (!row) throw new Error(`user ${caller.sub} vanished after insert`);
  return row;
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
  };
}
