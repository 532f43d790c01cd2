/**
 * Tells every admin: the users whose row says so (the pool's admin group, mirrored on each of
 * their calls). An admin who has never used the app has no row yet and finds the matter in the
 * admin area instead.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { EffectWriter } from '../../kernel/domain-events';
import type { Notice } from '../../kernel/notify';

export async function notifyAdmins(effects: EffectWriter, notice: Notice): Promise<void> {
  const admins = await effects.tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.type, 'admin'));
  for (const admin of admins) await effects.notify({ userId: admin.id, email: admin.email }, notice);
}
