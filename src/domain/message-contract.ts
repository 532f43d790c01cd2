/**
 * Deal messages (issue 33): one thread per negotiation, so the conversation about an offer goes
 * on inside the deal it becomes. Only the negotiation's two parties read and write it (an admin
 * reads a thread with a reported message). A thread shows, in order: messages, the offers of the
 * negotiation as cards (answered through the offers' own actions) and the steps either party
 * completed, from the deal's event log.
 */
import * as z from 'zod/mini';

/** The longest message, in characters: a question and its answer, not a document (those are attached). */
export const MESSAGE_MAX_CHARS = 2000;

/** Words, a file already uploaded into the deal (the `message-attachment` slot), or both. */
export const sendMessageSchema = z
  .object({
    body: z._default(
      z
        .string('body must be text')
        .check(z.trim(), z.maxLength(MESSAGE_MAX_CHARS, `A message can hold at most ${MESSAGE_MAX_CHARS} characters`)),
      '',
    ),
    attachmentUploadId: z.optional(z.uuid('attachmentUploadId must be the id of your finished upload')),
    idempotencyKey: z.uuid('idempotencyKey must be a UUID made when the message was written'),
  })
  .check(
    z.refine((message) => message.body.length > 0 || message.attachmentUploadId !== undefined, {
      message: 'Write a message or attach a file before sending it',
      path: ['body'],
    }),
  );
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** What the reader has seen of a thread, up to a message's `seq`: fetched (delivered) or shown (read). */
export const seenSchema = z.object({
  upTo: z.int('upTo must be a message number').check(z.minimum(0, 'upTo must be a message number')),
  read: z.boolean('read must be true or false'),
});

export const reportSchema = z.object({
  reason: z
    .string('Say what is wrong with this message')
    .check(z.trim(), z.minLength(3, 'Say what is wrong with this message'), z.maxLength(500, 'A report can hold at most 500 characters')),
});

const by = z.enum(['you', 'other party']);

/** How far a message of yours got: stored, on the other party's device, seen by them. */
export const DELIVERY_STATES = ['sent', 'delivered', 'read'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const threadEntrySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    id: z.string(),
    seq: z.number(),
    by,
    /** The writer's side (an admin reading a reported thread is neither). */
    side: z.enum(['buyer', 'seller']),
    body: z.string(),
    at: z.string(),
    /** The file sent with it; null once the file was removed (its sender's account deleted). */
    attachment: z.nullable(z.object({ key: z.string(), fileName: z.string(), contentType: z.string(), size: z.number() })),
    /** Asks to pay outside the product (message-safety.ts): both parties are warned. */
    offPlatformPayment: z.boolean(),
    /** You reported it. */
    reported: z.boolean(),
  }),
  z.object({ type: z.literal('offer'), id: z.string(), by, amount: z.number(), at: z.string() }),
  /** A line of the deal's timeline: a step a party completed (by them), or the deal's own milestone (by the system). */
  z.object({ type: z.literal('step'), id: z.string(), by: z.enum(['you', 'other party', 'system']), words: z.string(), at: z.string() }),
]);
export type ThreadEntry = z.infer<typeof threadEntrySchema>;

export const threadSchema = z.object({
  negotiationId: z.string(),
  dealId: z.nullable(z.string()),
  vehicle: z.string(),
  /** The reader's side; null for an admin reading a thread with a reported message. */
  myRole: z.nullable(z.enum(['buyer', 'seller'])),
  /** The reader's side of the deal, which files sent in the thread are uploaded into; null before there is a deal. */
  myTransactionId: z.nullable(z.string()),
  otherName: z.nullable(z.string()),
  /** Why nobody can write any more (a cancelled sale, an offer that ended), or null while it is open. */
  closedBecause: z.nullable(z.string()),
  entries: z.array(threadEntrySchema),
  /** The last of your messages the other party's device has, and the last they saw. */
  delivered: z.number(),
  read: z.number(),
  /** Messages from the other party you have not seen. */
  unread: z.number(),
  /** The server's version of the thread: it rises with each message and receipt (DESIGN.md §11). */
  version: z.number(),
});
export type Thread = z.infer<typeof threadSchema>;

export const threadSummarySchema = z.object({
  negotiationId: z.string(),
  vehicle: z.string(),
  otherName: z.nullable(z.string()),
  last: z.nullable(z.object({ by, body: z.string(), at: z.string() })),
  unread: z.number(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const unreadSchema = z.object({ unread: z.number() });

export const threadListSchema = z.object({ threads: z.array(threadSummarySchema), unread: z.number() });
export type ThreadList = z.infer<typeof threadListSchema>;

/** What sending answers: the message as stored (a repeat of its key answers the first one's). */
export const sentMessageSchema = z.object({ id: z.string(), seq: z.number(), at: z.string(), offPlatformPayment: z.boolean() });
export type SentMessage = z.infer<typeof sentMessageSchema>;

export function deliveryState(seq: number, thread: Pick<Thread, 'delivered' | 'read'>): DeliveryState {
  if (thread.read >= seq) return 'read';
  return thread.delivered >= seq ? 'delivered' : 'sent';
}

/** The app path of the user's threads, and of one. */
export const MESSAGES_PATH = '/dashboard/messages';
export const threadPath = (negotiationId: string) => `${MESSAGES_PATH}/${negotiationId}`;
