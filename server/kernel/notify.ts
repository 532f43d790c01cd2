/**
 * Notifications (issue 21), written only by the effects a domain event causes (server/effects/):
 * one for a person, at most once per event (`key` names the event; a second write for it writes
 * nothing), in the command's database transaction; with it, a live notice for someone with an
 * account (their overview shows it at once) and outbox rows that mail it and push it to their devices after the commit.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { NotificationKind } from '../../src/domain/notification-contract';
import { SIDE_ROLES, type Side } from '../../src/domain/parties';
import type { Database } from '../db/client';
import { dealParties, notifications, users } from '../db/schema';
import type { Change } from './live-feed';
import type { Tx } from './event-log';
import { pushTopicOf } from '../../src/domain/push-contract';
import { enqueueMailAndPushes } from './push-queue';

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

/** Writes `notice` for `to` unless this event already told them, and its mail; the live notice owed, or undefined when nothing was written. */
export async function writeNotification(tx: Tx, to: Recipient, notice: Notice): Promise<{ live: Change | null } | undefined> {
  if (!to.email) return undefined;
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
  if (!row) return undefined;
  await enqueueMailAndPushes(tx, row.id, to.userId, pushTopicOf(notice.kind));
  return { live: to.userId ? { userId: to.userId, kind: 'notification', id: row.id, version: 1 } : null };
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
