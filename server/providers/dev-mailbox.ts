/**
 * Development mailbox: the local identity sandbox "sends" e-mail and SMS codes here, and the API
 * its mail, instead of delivering them. One JSON line per message in a file under the data dir, so
 * the API (dev routes) and tests can read the latest code or mail for an address. Never used in
 * production.
 */
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

export const mailboxMessageSchema = z.object({
  /** The notification a mail carries: delivered again (its first delivery's end was lost), it is read once. */
  id: z.string().optional(),
  to: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string().optional(),
  body: z.string().optional(),
  code: z.string().optional(),
  sentAt: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

/** Messages read back, newest first (the dev page, the tests' look-ups). */
const SHOWN = 200;
/** Past this many lines the file is cut back to its newest half, so it never grows without end. */
const KEPT_LINES = 4_000;

const parseLine = (line: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    return undefined; // a line cut short by a crash mid-write
  }
};

/** Newest first; a message delivered twice (the same id) is read once. */
export function readMailbox(file: string): MailboxMessage[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const seen = new Set<string>();
  const messages: MailboxMessage[] = [];
  for (const line of text.split('\n').reverse()) {
    if (!line.trim()) continue;
    const parsed = mailboxMessageSchema.safeParse(parseLine(line));
    if (!parsed.success || (parsed.data.id && seen.has(parsed.data.id))) continue;
    if (parsed.data.id) seen.add(parsed.data.id);
    messages.push(parsed.data);
    if (messages.length === SHOWN) break;
  }
  return messages;
}

/**
 * One line per message, appended: several processes (the identity sandbox, each API process) write
 * here at once, and an append of one line never loses another's.
 */
export function appendToMailbox(file: string, message: MailboxMessage): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(message)}\n`);
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines.length <= KEPT_LINES) return;
  // Rare, and local only: a line another process appends while this one cuts may be lost.
  writeFileSync(`${file}.tmp`, lines.slice(-KEPT_LINES / 2).join('\n'));
  renameSync(`${file}.tmp`, file);
}

/** The newest message for an address (e-mail or phone), compared case-insensitively. */
export function latestMessageFor(file: string, address: string, subject?: string): MailboxMessage | undefined {
  const wanted = address.trim().toLowerCase();
  return readMailbox(file).find((message) => message.to.toLowerCase() === wanted && (!subject || message.subject === subject));
}
