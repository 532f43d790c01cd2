/**
 * What the product tells a person about an event that needs them (issue 21): mailed once and
 * shown in their overview. The kinds are what a server event can raise; `link` is the app path
 * the notification leads to.
 */
import * as z from 'zod/mini';

export const NOTIFICATION_KINDS = [
  'offer received',
  'offer answered',
  'offer closed',
  'vehicle confirmed',
  'step waiting',
  'documents to sign',
  'payment released',
  'payment returned',
  'cancellation',
  'lender decision',
  'dealer application',
  'dealer application decided',
  'partner deal',
  'sale closed',
  'message unread',
  'message reported',
  'handover recorded',
  'handover proposed',
  'handover agreed',
  'delivery started',
  'delivery reminder',
  'delivery confirmed',
  'problem raised',
  'dispute evidence',
  'dispute decided',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  subject: z.string(),
  body: z.string(),
  link: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema) });

/** How many of a user's newest notifications the overview reads. */
export const NOTIFICATIONS_SHOWN = 50;
