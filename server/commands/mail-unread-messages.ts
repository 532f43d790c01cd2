/**
 * From the API's own schedule: a party who has left a message unread for 15 minutes is mailed
 * once about it — never more than one mail per thread in an hour, and never again for messages
 * a mail already told them of. Each mail is its own unit of work (the notification and its mail
 * written with the thread's `mailed_at`), so two API processes never mail the same thread twice:
 * the second one's conditional update finds nothing left to claim.
 */
import { isNull, lt, or, sql } from 'drizzle-orm';
import { threadReads } from '../db/message-tables';
import { rowsOf } from '../db/rows';
import type { CommandContext } from './context';

/** How long a message waits unread before its reader is mailed, and how long between two mails of one thread. */
export const UNREAD_MAIL_AFTER_MS = 15 * 60_000;
export const UNREAD_MAIL_EVERY_MS = 60 * 60_000;

interface Due {
  negotiation_id: string;
  user_id: string;
  unread: number;
  vehicle: string;
}

export async function mailUnreadMessages(ctx: CommandContext, now = new Date()): Promise<number> {
  const waitedSince = new Date(now.getTime() - UNREAD_MAIL_AFTER_MS);
  const mailedBefore = new Date(now.getTime() - UNREAD_MAIL_EVERY_MS);
  const due = rowsOf<Due>(
    await ctx.db.execute(sql`
      select n.id as negotiation_id, reader.user_id, count(*)::integer as unread,
             concat_ws(' ', v.model_year, v.make, v.model) as vehicle
      from messages m
      join negotiations n on n.id = m.negotiation_id
      join vehicles v on v.id = n.vehicle_id
      cross join lateral (values (n.seller_user_id), (n.buyer_user_id)) as reader(user_id)
      left join thread_reads t on t.negotiation_id = n.id and t.user_id = reader.user_id
      where reader.user_id is not null
        and m.author_user_id is distinct from reader.user_id
        and m.seq > coalesce(t.read_seq, 0)
        and (t.mailed_at is null or t.mailed_at < ${mailedBefore})
      group by n.id, reader.user_id, t.mailed_at, v.model_year, v.make, v.model
      -- the oldest message no mail told them of has waited long enough
      having min(m.at) filter (where t.mailed_at is null or m.at > t.mailed_at) <= ${waitedSince}`),
  );
  let mailed = 0;
  for (const thread of due) {
    const sent = await ctx.run({}, async (uow) => {
      // Claims the thread's mail for this hour: another process that got here first leaves nothing to claim.
      const claimed = await uow.tx
        .insert(threadReads)
        .values({ negotiationId: thread.negotiation_id, userId: thread.user_id, mailedAt: now })
        .onConflictDoUpdate({
          target: [threadReads.negotiationId, threadReads.userId],
          set: { mailedAt: now },
          setWhere: or(isNull(threadReads.mailedAt), lt(threadReads.mailedAt, mailedBefore)),
        })
        .returning({ userId: threadReads.userId });
      if (!claimed.length) return false;
      uow.emit('messages.unread', {
        negotiationId: thread.negotiation_id,
        userId: thread.user_id,
        unread: thread.unread,
        vehicle: thread.vehicle,
        at: now.getTime(),
      });
      return true;
    });
    if (sent.result) mailed += 1;
  }
  return mailed;
}
