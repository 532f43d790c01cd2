/**
 * What a person's devices are owed (issue 44): one outbox row per device and thing to tell, written
 * in the command's transaction, so each device is pushed at least once, and retried on its own when
 * its push service fails. Nothing is queued for a device whose person turned that topic off, or for
 * someone with no device subscribed — the common case costs the one insert that finds no rows.
 */
import { sql } from 'drizzle-orm';
import type { PushTopic } from '../../src/domain/push-contract';
import { rowsOf } from '../db/rows';
import type { Tx } from './event-log';

/** The preference column of each topic: a fixed list, never a value from a request. */
const TOPIC_COLUMN: Record<PushTopic, string> = { turn: 'turn', messages: 'messages', money: 'money', delivery: 'delivery' };

/** A notification's mail, and its push to each of `userId`'s devices that take `topic`: one statement. */
export async function enqueueMailAndPushes(tx: Tx, notificationId: string, userId: string | null, topic: PushTopic): Promise<void> {
  await tx.execute(sql`
    insert into outbox (kind, ref)
    select 'mail', ${notificationId}::text
    union all
    select 'push', 'notification:' || ${notificationId}::text || ':' || s.id
      from push_subscriptions s left join push_preferences p on p.user_id = s.user_id
      where s.user_id = ${userId}::uuid and coalesce(p.${sql.raw(TOPIC_COLUMN[topic])}, true)
    on conflict do nothing`);
}

/** A message's push to each device of the thread's other party that takes messages; whether any was owed. */
export async function enqueueMessagePushes(tx: Tx, messageId: string): Promise<boolean> {
  const queued = await tx.execute(sql`
    insert into outbox (kind, ref)
    select 'push', 'message:' || m.id || ':' || s.id
      from messages m
      join negotiations n on n.id = m.negotiation_id
      join push_subscriptions s on s.user_id in (n.buyer_user_id, n.seller_user_id) and s.user_id is distinct from m.author_user_id
      left join push_preferences p on p.user_id = s.user_id
      where m.id = ${messageId}::uuid and coalesce(p.messages, true)
    on conflict do nothing
    returning id`);
  return rowsOf(queued).length > 0;
}
