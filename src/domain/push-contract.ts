/**
 * Notifications on a person's devices (Web Push, DESIGN.md §7): what a subscription looks like when
 * the app hands it to the API, the four kinds a person can turn off, and what a push carries to the
 * service worker. A notification's kind decides which of the four it belongs to.
 */
import * as z from 'zod/mini';
import type { NotificationKind } from './notification-contract';

/** What a person chooses to be told on their devices; each is on until they turn it off. */
export const PUSH_TOPICS = ['turn', 'messages', 'money', 'delivery'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

export const PUSH_TOPIC_LABELS: Record<PushTopic, { label: string; hint: string }> = {
  turn: { label: 'Your turn in a sale', hint: 'An offer for you, a step waiting, documents to sign, the handover.' },
  messages: { label: 'Messages', hint: 'A new message from the other party.' },
  money: { label: 'Money', hint: 'A payout released or returned.' },
  delivery: { label: 'The delivery clock', hint: 'Delivery started, a reminder before it ends, delivery confirmed.' },
};

const TOPIC_OF_KIND: Record<NotificationKind, PushTopic> = {
  'offer received': 'turn',
  'offer answered': 'turn',
  'offer closed': 'turn',
  'vehicle confirmed': 'turn',
  'step waiting': 'turn',
  'documents to sign': 'turn',
  'payment released': 'money',
  'payment returned': 'money',
  cancellation: 'turn',
  'lender decision': 'turn',
  'dealer application': 'turn',
  'dealer application decided': 'turn',
  'partner deal': 'turn',
  'sale closed': 'turn',
  'message unread': 'messages',
  'message reported': 'turn',
  'handover recorded': 'turn',
  'handover proposed': 'turn',
  'handover agreed': 'turn',
  'delivery started': 'delivery',
  'delivery reminder': 'delivery',
  'delivery confirmed': 'delivery',
  'problem raised': 'turn',
  'dispute evidence': 'turn',
  'dispute decided': 'turn',
};

export const pushTopicOf = (kind: NotificationKind): PushTopic => TOPIC_OF_KIND[kind];

export const pushPreferencesSchema = z.object({
  turn: z.boolean(),
  messages: z.boolean(),
  money: z.boolean(),
  delivery: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

export const ALL_PUSH_TOPICS_ON: PushPreferences = { turn: true, messages: true, money: true, delivery: true };

/** A key the browser made, base64url (RFC 8291: the P-256 public key is 65 bytes, the auth secret 16). */
const base64url = (bytes: number) =>
  z.string().check(
    z.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url'),
    z.refine((value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes, `must be ${bytes} bytes`),
  );

const endpointSchema = z.url({ error: 'must be a URL' }).check(z.maxLength(2000, 'must be at most 2,000 characters'));

/** PushSubscription.toJSON() as the browser gives it; the endpoint's host is checked by the API (push-endpoints.ts). */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: endpointSchema });

/**
 * What a push carries to the service worker (encrypted end to end): the words, the screen a click
 * opens, a tag that makes a repeat of the same event replace the first instead of showing twice,
 * and the unread-message count for the app's badge.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string().check(z.startsWith('/')),
  tag: z.string(),
  unread: z.optional(z.number()),
  /** Whose it is (their account's subject): a device where they signed out since shows nothing. */
  for: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
