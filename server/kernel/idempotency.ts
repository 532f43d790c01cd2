/**
 * Idempotency keys (STYLE rule 6), one way for every caller — a person's device, a partner, a
 * provider's webhook: the key is claimed in the command's database transaction with a hash of
 * what was asked. The same key with the same request answers what the first one was answered
 * (and changes nothing); the same key with another request is refused with 422. Two requests with
 * one key at once: the second waits on the first's claim and then answers as above, or, if the
 * first rolled back, goes ahead itself.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/command-tables';
import { preparedStatement } from '../db/prepared';
import type { Tx } from './event-log';
import { Refusal } from './refusal';

export interface CommandKey {
  /** Whose key: `user:<id>`, `partner:<key id>`, `webhook:<provider>`. */
  owner: string;
  key: string;
  /** The command's name; with `request`, what the key stands for. */
  command: string;
  request: unknown;
  /** The request in the caller's words ("Sending your identity verification"), named when the key is reused. */
  label?: string;
}

export const keyReused = (label: string | null) =>
  `This request’s idempotency key was already used for another action${label ? ` (${label})` : ''}, so nothing was changed. Send a new key for a new action.`;

/** JSON with object keys in order, so the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, child]) => `${JSON.stringify(name)}:${canonical(child)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const hashOf = (key: CommandKey) =>
  createHash('sha256')
    .update(canonical([key.command, key.request]))
    .digest('hex');

const keyOf = preparedStatement('idempotency_key', (db) =>
  db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.owner, sql.placeholder('owner')), eq(idempotencyKeys.key, sql.placeholder('key')))),
);

/** The claim of a key (`claimParams` fills it): its row when it was new, none when it was claimed before. */
export const claimOf = (db: Database) =>
  db
    .insert(idempotencyKeys)
    .values({
      owner: sql.placeholder('owner'),
      key: sql.placeholder('key'),
      command: sql.placeholder('command'),
      requestHash: sql.placeholder('requestHash'),
      label: sql.placeholder('label'),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

export const claimParams = (key: CommandKey) => ({
  owner: key.owner,
  key: key.key,
  command: key.command,
  requestHash: hashOf(key),
  label: key.label ?? null,
});

const insertKey = preparedStatement('idempotency_key_claim', claimOf);

const answerKey = preparedStatement('idempotency_key_answer', (db) =>
  db
    .update(idempotencyKeys)
    .set({ answer: sql`${sql.placeholder('answer')}::jsonb` })
    .where(and(eq(idempotencyKeys.owner, sql.placeholder('owner')), eq(idempotencyKeys.key, sql.placeholder('key')))),
);

/** Claims `key`: undefined when it is new (the command goes on), or the earlier answer when it is a repeat. */
export async function claimKey(tx: Tx, key: CommandKey): Promise<{ answer: unknown } | undefined> {
  const [claimed] = await insertKey(tx, claimParams(key));
  return claimed ? undefined : earlierAnswer(tx, key);
}

/** What a key claimed before was answered (it is a repeat), or a 422 when it was claimed for another request. */
export async function earlierAnswer(tx: Tx, key: CommandKey): Promise<{ answer: unknown }> {
  const [earlier] = await keyOf(tx, { owner: key.owner, key: key.key });
  if (!earlier) throw new Error(`idempotency key ${key.owner}/${key.key} vanished`);
  // A key kept from before requests were hashed is taken as the same request.
  if (earlier.requestHash !== null && earlier.requestHash !== hashOf(key)) throw new Refusal(422, keyReused(earlier.label));
  return { answer: earlier.answer };
}

/** Keeps what the command answered, for the repeats of its key. */
export async function settleKey(tx: Tx, key: CommandKey, answer: unknown): Promise<void> {
  await answerKey(tx, { owner: key.owner, key: key.key, answer: answer == null ? null : JSON.stringify(answer) });
}

/**
 * Whether `key` is a repeat, read before the command's database transaction opens (so a repeat
 * asks no provider again): the earlier answer, undefined for a key not seen yet, and a 422 for a
 * key seen with another request. The unit of work claims it again, under its locks.
 */
export async function peekKey(db: Database, key: CommandKey): Promise<{ answer: unknown } | undefined> {
  const [earlier] = await keyOf(db, { owner: key.owner, key: key.key });
  if (!earlier) return undefined;
  if (earlier.requestHash !== null && earlier.requestHash !== hashOf(key)) throw new Refusal(422, keyReused(earlier.label));
  return { answer: earlier.answer };
}
