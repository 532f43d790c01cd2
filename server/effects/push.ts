/**
 * Pushing to one device, from the outbox after the commit that owed it (issue 44): the words and
 * the screen a click opens, encrypted to the device's keys (RFC 8291) and signed with the VAPID key
 * (RFC 8292) by the `web-push` library, then handed to the device's push service (RFC 8030). A
 * service that answers 404 or 410 has dropped the subscription: it is removed, and the push is done.
 * Delivered twice after a crash, the device shows it once: the same tag replaces the first.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { threadPath } from '../../src/domain/message-contract';
import type { PushPayload } from '../../src/domain/push-contract';
import type { Database } from '../db/client';
import { messages } from '../db/message-tables';
import { pushSubscriptions } from '../db/push-tables';
import { rowsOf } from '../db/rows';
import { notifications, users } from '../db/schema';
import { unreadMessagesOf } from '../modules/messages/unread-count';
import type { VapidKeys } from '../modules/push/vapid';

/** How long a push service keeps a push for a device that is off (RFC 8030 TTL): a day, then it is stale. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_LIMIT_MS = 8_000;
const PREVIEW_CHARACTERS = 140;

type Subscription = typeof pushSubscriptions.$inferSelect;

export function pushHandler(db: Database, vapid: VapidKeys) {
  return async (ref: string): Promise<void> => {
    const [what, itemId, subscriptionId] = ref.split(':');
    const [subscription] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId!));
    // The person turned notifications off on that device, or signed out there, since: nothing to send.
    if (!subscription) return;
    const payload = what === 'message' ? await messagePayload(db, itemId!, subscription.userId) : await notificationPayload(db, itemId!);
    if (!payload) return;
    const [owner] = await db.select({ sub: users.cognitoSub }).from(users).where(eq(users.id, subscription.userId));
    if (!owner) return;
    await send(db, vapid, subscription, { ...payload, unread: await unreadMessagesOf(db, subscription.userId), for: owner.sub });
  };
}

/** A transaction's id in an app path (`/transaction?transaction=…`, `…/track-delivery/…`). */
const TRANSACTION_IN_LINK = /(?:transaction=|track-delivery\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/;

async function notificationPayload(db: Database, id: string): Promise<Omit<PushPayload, 'unread' | 'for'> | undefined> {
  const [notice] = await db.select().from(notifications).where(eq(notifications.id, id));
  if (!notice?.link) return undefined;
  const vehicle = await vehicleOf(db, notice.negotiationId, TRANSACTION_IN_LINK.exec(notice.link)?.[1] ?? null);
  // On a lock screen the car says which sale it is about; the subject says what happened.
  return {
    title: vehicle ? `${vehicle}: ${notice.subject}` : notice.subject,
    body: notice.body,
    url: notice.link,
    tag: `notification:${notice.id}`,
  };
}

/** The car a notification is about, by its negotiation or the transaction its link opens ("2005 Buick LaCrosse"). */
async function vehicleOf(db: Database, negotiationId: string | null, transactionId: string | null): Promise<string | null> {
  if (!negotiationId && !transactionId) return null;
  const [row] = rowsOf<{ vehicle: string }>(
    await db.execute(sql`
      select concat_ws(' ', v.model_year, v.make, v.model) as vehicle
        from vehicles v
       where v.id = coalesce(
         (select n.vehicle_id from negotiations n where n.id = ${negotiationId}::uuid),
         (select d.vehicle_id from transactions t join deals d on d.id = t.deal_id where t.id = ${transactionId}::uuid))`),
  );
  return row?.vehicle ?? null;
}

async function messagePayload(db: Database, id: string, readerId: string): Promise<Omit<PushPayload, 'unread' | 'for'> | undefined> {
  const [message] = rowsOf<{ negotiationId: string; body: string; author: string | null; vehicle: string; read: boolean }>(
    await db.execute(sql`
      select m.negotiation_id as "negotiationId", m.body, u.first_name as author,
             concat_ws(' ', v.model_year, v.make, v.model) as vehicle,
             coalesce(t.read_seq, 0) >= m.seq as read
        from ${messages} m
        join negotiations n on n.id = m.negotiation_id
        join vehicles v on v.id = n.vehicle_id
        left join users u on u.id = m.author_user_id
        left join thread_reads t on t.negotiation_id = m.negotiation_id and t.user_id = ${readerId}
       where m.id = ${id}`),
  );
  // Read already (the thread was open on their screen): nothing to tell.
  if (!message || message.read) return undefined;
  const words = message.body.trim();
  return {
    title: `${message.author ?? 'The other party'} wrote about the ${message.vehicle}`,
    body: words ? (words.length > PREVIEW_CHARACTERS ? `${words.slice(0, PREVIEW_CHARACTERS - 1)}…` : words) : 'They sent a file.',
    url: threadPath(message.negotiationId),
    // One notification per conversation: a newer message replaces the one before.
    tag: `thread:${message.negotiationId}`,
  };
}

async function send(db: Database, vapid: VapidKeys, subscription: Subscription, payload: PushPayload): Promise<void> {
  const request = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      urgency: 'normal',
      // RFC 8030 §5.4: a push not yet delivered is replaced by a later one on the same topic (32 base64url characters at most).
      topic: createHash('sha256').update(payload.tag).digest('base64url').slice(0, 32),
    },
  );
  // web-push's own sender speaks only https; fetch also reaches the local stack's stand-in.
  const answer = await fetch(request.endpoint, {
    method: request.method,
    // fetch sets the length itself.
    headers: Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    ),
    body: request.body ? new Uint8Array(request.body) : null,
    signal: AbortSignal.timeout(SEND_LIMIT_MS),
  });
  if (answer.status === 404 || answer.status === 410) {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    return;
  }
  if (!answer.ok) throw new Error(`the push service answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
}
