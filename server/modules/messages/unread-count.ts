/** The count the navigation and the app icon show (and a push carries for the badge). */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { messages, threadReads } from '../../db/message-tables';
import { rowsOf } from '../../db/rows';
import { negotiations } from '../../db/schema';
import type { Tx } from '../../kernel/event-log';

/** How many messages `readerId` has not seen, in every thread they are a party to (the navigation and the app icon show it). */
export async function unreadMessagesOf(db: Database | Tx, readerId: string): Promise<number> {
  const [row] = rowsOf<{ unread: number }>(
    await db.execute(sql`
      select count(*)::integer as unread from ${messages} m
      join ${negotiations} n on n.id = m.negotiation_id
      left join ${threadReads} t on t.negotiation_id = n.id and t.user_id = ${readerId}
      where (n.seller_user_id = ${readerId} or n.buyer_user_id = ${readerId})
        and m.author_user_id is distinct from ${readerId}
        and m.seq > coalesce(t.read_seq, 0)`),
  );
  return row?.unread ?? 0;
}
