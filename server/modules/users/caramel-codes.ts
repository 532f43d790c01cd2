/**
 * Caramel codes (src/domain/caramel-code.ts) in the database: each user's is made the first time
 * they need it and never changes; a counterparty who types it reaches that user without ever
 * learning their e-mail.
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { caramelCodeFrom, CODE_LENGTH, readCaramelCode } from '../../../src/domain/caramel-code';
import type { Database } from '../../db/client';
import { unitOfWork } from '../../kernel/unit-of-work';
import { users } from '../../db/schema';
import type { UserRow } from '../../kernel/access';

const ATTEMPTS = 5;

const isUniqueViolation = (error: unknown): boolean => {
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === '23505' || (cause !== undefined && isUniqueViolation(cause));
};

/** The user's row with their code, made now when they have none (another user's code is never reused). */
export async function withCaramelCode(db: Database, user: UserRow): Promise<UserRow> {
  if (user.caramelCode) return user;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const code = caramelCodeFrom(Array.from({ length: CODE_LENGTH - 1 }, () => randomInt(32)));
    try {
      // A unit of work of its own: nothing follows from it, and no one is told.
      const { result: row } = await unitOfWork({ db }, {}, async (uow) => {
        const [given] = await uow.tx
          .update(users)
          .set({ caramelCode: code })
          .where(and(eq(users.id, user.id), isNull(users.caramelCode)))
          .returning();
        return given;
      });
      if (row) return row;
      // Another request gave the user a code first: that one stands.
      const [current] = await db.select().from(users).where(eq(users.id, user.id));
      return current!;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === ATTEMPTS) throw error;
    }
  }
  throw new Error('unreachable');
}

/** Whose code `typed` is, read as people type it (any case, dashes, I/L for 1, O for 0). */
export async function userByCaramelCode(db: Database, typed: string): Promise<UserRow | undefined> {
  const read = readCaramelCode(typed);
  if (!read.ok) return undefined;
  const [row] = await db.select().from(users).where(eq(users.caramelCode, read.code));
  return row;
}
