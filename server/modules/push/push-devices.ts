/**
 * A person's devices that take notifications, and what they turned off (issue 44). A browser's
 * subscription is one row by its endpoint: handed over again it is the same row, and handed over by
 * someone else who signed in on that browser it becomes theirs — a device tells one person at a time.
 * A person keeps at most MAX_DEVICES; the oldest goes when one more is added.
 */
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { ALL_PUSH_TOPICS_ON, type PushPreferences, type PushSubscriptionJson } from '../../../src/domain/push-contract';
import type { Database } from '../../db/client';
import { pushPreferences, pushSubscriptions } from '../../db/push-tables';
import type { UserRow } from '../../kernel/access';
import { BadRequest } from '../../kernel/validation';
import { endpointProblem } from './push-endpoints';

const MAX_DEVICES = 10;

export async function addDevice(db: Database, user: UserRow, subscription: PushSubscriptionJson, standInUrl?: string): Promise<void> {
  const problem = endpointProblem(subscription.endpoint, standInUrl);
  if (problem) throw new BadRequest(`endpoint: ${problem}`, 'endpoint');
  const { endpoint, keys } = subscription;
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: user.id, p256dh: keys.p256dh, auth: keys.auth, createdAt: sql`now()` },
      });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id))
      .orderBy(desc(pushSubscriptions.createdAt))
      .limit(MAX_DEVICES);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, user.id), notInArray(pushSubscriptions.id, kept)));
  });
}

/** The device stops taking notifications for `user` (turned off, or signing out): only their own row goes. */
export async function removeDevice(db: Database, user: UserRow, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function preferencesOf(db: Database, user: UserRow): Promise<PushPreferences> {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, user.id));
  return row ? { turn: row.turn, messages: row.messages, money: row.money, delivery: row.delivery } : ALL_PUSH_TOPICS_ON;
}

export async function savePreferences(db: Database, user: UserRow, preferences: PushPreferences): Promise<PushPreferences> {
  await db
    .insert(pushPreferences)
    .values({ userId: user.id, ...preferences })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { ...preferences, updatedAt: sql`now()` } });
  return preferences;
}
