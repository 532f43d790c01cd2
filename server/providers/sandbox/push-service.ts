/**
 * The local stand-in for Web Push, playing both halves of it: the browser's subscription (its key
 * pair and auth secret, made as a browser makes them) and the push service that takes messages
 * for it (RFC 8030, with VAPID, RFC 8292). What arrives is decrypted and kept for a test or a
 * person to read. Subscriptions (private keys included) and messages live in memory and, when
 * given a file, in that one JSON file, so a restart keeps them; nothing is evicted (a message's
 * TTL is recorded, not enforced).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { decryptPush, newSubscriptionKeys, vapidRefusal } from './push-crypto';

interface Subscription {
  id: string;
  applicationServerKey: string;
  p256dh: string;
  auth: string;
  privateKey: string;
  createdAt: string;
  /** When the person revoked permission; later sends are answered 410 Gone. */
  endedAt: string | null;
}
export interface PushMessage {
  id: string;
  subscriptionId: string;
  receivedAt: string;
  ttl: number;
  urgency: Urgency;
  topic: string | null;
  payload: string;
  encryptedBytes: number;
}
interface State {
  subscriptions: Record<string, Subscription>;
  messages: PushMessage[];
}

const URGENCIES = ['very-low', 'low', 'normal', 'high'] as const;
type Urgency = (typeof URGENCIES)[number];
/** RFC 8030 §5.4: a topic is at most 32 characters of the base64url alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
/** The largest body FCM and Mozilla's autopush take (RFC 8291 §4: 4096 octets); more is 413. */
const MAX_BODY_BYTES = 4096;

/** What a push endpoint is given: the request's headers (lower-case names, as Node has them) and its body. */
export interface PushRequest {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
export type SendAnswer = { message: PushMessage } | { status: 400 | 401 | 403 | 404 | 410 | 413 | 415; refused: string };

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export function pushService(file?: string) {
  const state = read(file);
  // Kept by id in a Map: an id such as "__proto__" or "constructor" finds nothing.
  const subscriptions = new Map(Object.entries(state.subscriptions));
  let messages = state.messages;
  const save = () => {
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ subscriptions: Object.fromEntries(subscriptions), messages } satisfies State, null, 2));
  };

  return {
    subscribe(applicationServerKey: string): Subscription {
      const subscription = {
        id: newId('sub'),
        applicationServerKey,
        ...newSubscriptionKeys(),
        createdAt: new Date().toISOString(),
        endedAt: null,
      };
      subscriptions.set(subscription.id, subscription);
      save();
      return subscription;
    },
    /** Ends a subscription, as a browser does when permission is revoked; false if there is none. */
    end(id: string): boolean {
      const subscription = subscriptions.get(id);
      if (!subscription) return false;
      subscription.endedAt ??= new Date().toISOString();
      save();
      return true;
    },
    /** The push endpoint (RFC 8030 §5): the checks a real push service makes, then the message decrypted and kept. */
    async send(id: string, request: PushRequest, audience: string): Promise<SendAnswer> {
      const subscription = subscriptions.get(id);
      if (!subscription) return { status: 404, refused: 'No such subscription' };
      if (subscription.endedAt) return { status: 410, refused: 'This subscription has ended' };
      const header = (name: string) => [request.headers[name]].flat()[0];
      const ttl = header('ttl');
      if (!ttl || !/^\d+$/.test(ttl)) return { status: 400, refused: 'A TTL header (seconds, 0 or more) is required (RFC 8030 §5.2)' };
      const urgency = header('urgency') ?? 'normal';
      if (!(URGENCIES as readonly string[]).includes(urgency))
        return { status: 400, refused: `Urgency must be one of ${URGENCIES.join(', ')}` };
      const topic = header('topic') ?? null;
      if (topic !== null && !TOPIC.test(topic))
        return { status: 400, refused: 'Topic must be 1 to 32 base64url characters (RFC 8030 §5.4)' };
      if (request.body.length > 0 && header('content-encoding') !== 'aes128gcm')
        return { status: 415, refused: 'A push message body must be encrypted with Content-Encoding: aes128gcm (RFC 8291)' };
      if (request.body.length > MAX_BODY_BYTES) return { status: 413, refused: `A push message body is at most ${MAX_BODY_BYTES} bytes` };
      const refusal = await vapidRefusal(header('authorization'), { applicationServerKey: subscription.applicationServerKey, audience });
      if (refusal) return { status: refusal.status, refused: refusal.message };
      const payload = request.body.length > 0 ? decryptPush(request.body, subscription) : '';
      if (payload === undefined) return { status: 400, refused: "The body does not decrypt with this subscription's keys (RFC 8291)" };
      const message: PushMessage = {
        id: newId('msg'),
        subscriptionId: id,
        receivedAt: new Date().toISOString(),
        ttl: Number(ttl),
        urgency: urgency as Urgency,
        topic,
        payload,
        encryptedBytes: request.body.length,
      };
      // RFC 8030 §5.4: a message with a topic replaces the undelivered one with the same topic.
      if (topic) messages = messages.filter((kept) => kept.subscriptionId !== id || kept.topic !== topic);
      messages.push(message);
      save();
      return { message };
    },
    /** What was received, oldest first: for one subscription, or all. */
    messages: (subscriptionId?: string) => messages.filter((message) => !subscriptionId || message.subscriptionId === subscriptionId),
    message: (id: string) => messages.find((message) => message.id === id),
  };
}
export type PushService = ReturnType<typeof pushService>;

function read(file: string | undefined): State {
  try {
    return file ? (JSON.parse(readFileSync(file, 'utf8')) as State) : { subscriptions: {}, messages: [] };
  } catch {
    return { subscriptions: {}, messages: [] };
  }
}
