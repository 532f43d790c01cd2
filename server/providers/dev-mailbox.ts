/**
 * Development mailbox: the local identity sandbox "sends" e-mail and SMS codes here instead of
 * delivering them. Kept as one JSON file under the data dir so the API process (dev routes)
 * and tests can read the latest code for an address. Never used in production.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

export const mailboxMessageSchema = z.object({
  /** The notification a mail carries: delivered again (its first delivery's end was lost), it is not kept twice. */
  id: z.string().optional(),
  to: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string().optional(),
  body: z.string().optional(),
  code: z.string().optional(),
  sentAt: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

const MAX_MESSAGES = 200;

export function readMailbox(file: string): MailboxMessage[] {
  try {
    return z.array(mailboxMessageSchema).parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return [];
  }
}

export function appendToMailbox(file: string, message: MailboxMessage): void {
  const earlier = readMailbox(file);
  if (message.id && earlier.some((kept) => kept.id === message.id)) return;
  const messages = [message, ...earlier].slice(0, MAX_MESSAGES);
  mkdirSync(dirname(file), { recursive: true });
  // Write then rename so a reader never sees half a file.
  writeFileSync(`${file}.tmp`, JSON.stringify(messages, null, 2));
  renameSync(`${file}.tmp`, file);
}

/** The newest message for an address (e-mail or phone), compared case-insensitively. */
export function latestMessageFor(file: string, address: string, subject?: string): MailboxMessage | undefined {
  const wanted = address.trim().toLowerCase();
  return readMailbox(file).find((message) => message.to.toLowerCase() === wanted && (!subject || message.subject === subject));
}
