/**
 * Notifications as a mechanism any server event can call (issue 21): `notify` writes one for a
 * person inside the event's database transaction, at most once per event (`key` names the event;
 * a second call for it writes nothing), then it is mailed once (server/effects/mail.ts) and, for
 * someone with an account, shown in their overview at once (a live notice). `notifySide` reaches
 * everyone on one side of a deal.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { NOTIFICATIONS_SHOWN, type Notification, type NotificationKind } from '../../src/domain/notification-contract';
import { SIDE_ROLES, type Side } from '../../src/domain/parties';
import type { Database } from '../db/client';
import { dealParties, notifications, users } from '../db/schema';
import { recordChanges } from './live-feed';
import type { Tx } from './event-log';

export interface Notice {
  kind: NotificationKind;
  /** Names the event: the same key for the same recipient is written once. */
  key: string;
  subject: string;
  body: string;
  /** The app path it leads to; mail adds the app's origin. */
  link?: string;
  /** The link also goes to someone known only by e-mail: it leads them through sign-up with that address. */
  linkBeforeSignUp?: boolean;
  negotiationId?: string;
}

export interface Recipient {
  userId: string | null;
  email: string | null;
}

/** Writes `notice` for `to` unless this event already told them; answers whether it was written. */
export async function notify(tx: Tx, to: Recipient, notice: Notice): Promise<boolean> {
  if (!to.email) return false;
  const [row] = await tx
    .insert(notifications)
    .values({
      toEmail: to.email,
      userId: to.userId,
      kind: notice.kind,
      dedupKey: `${notice.key}→${to.userId ?? to.email.toLowerCase()}`,
      subject: notice.subject,
      body: notice.body,
      // A link into the app is for someone who can sign in to it; a person known by e-mail gets the one in the body.
      link: to.userId || notice.linkBeforeSignUp ? (notice.link ?? null) : null,
      negotiationId: notice.negotiationId ?? null,
    })
    .onConflictDoNothing({ target: notifications.dedupKey })
    .returning({ id: notifications.id });
  if (row && to.userId) await recordChanges(tx, [{ userId: to.userId, kind: 'notification', id: row.id, version: 1 }]);
  return Boolean(row);
}

/** Everyone on `side` of the deal: the party, a co-buyer, a registered owner … by account or by e-mail. */
export async function sideRecipients(tx: Tx | Database, dealId: string, side: Side): Promise<Recipient[]> {
  const parties = await tx
    .select({ userId: dealParties.userId, email: dealParties.email, userEmail: users.email })
    .from(dealParties)
    .leftJoin(users, eq(users.id, dealParties.userId))
    .where(and(eq(dealParties.dealId, dealId), inArray(dealParties.role, [...SIDE_ROLES[side]])));
  return parties.map((party) => ({ userId: party.userId, email: party.userEmail ?? party.email }));
}

/**
 * The seam for events about a deal (a step waiting on the other party, documents to sign,
 * payment released, a cancellation): every person on `side` is told once per `notice.key`.
 */
export async function notifySide(tx: Tx, dealId: string, side: Side, notice: Notice): Promise<void> {
  for (const recipient of await sideRecipients(tx, dealId, side)) await notify(tx, recipient, notice);
}

/** GET /notifications: the user's newest, for the overview. */
export async function notificationsOf(db: Database, userId: string): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    kind: (row.kind ?? 'offer received') as NotificationKind,
    subject: row.subject,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  }));
}
