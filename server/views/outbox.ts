/** `GET /api/admin/outbox`: the effects that keep failing, and those given up on, in words an admin can act on. */
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { EFFECTS_SHOWN, type Effect, type EffectList } from '../../src/domain/outbox-contract';
import type { Database } from '../db/client';
import { outbox } from '../db/command-tables';
import { providerRequests } from '../db/provider-tables';
import { notifications } from '../db/schema';

type Row = typeof outbox.$inferSelect;

async function described(db: Database, rows: Row[]): Promise<Effect[]> {
  const refs = (kind: Row['kind']) => rows.filter((row) => row.kind === kind).map((row) => row.ref);
  const mails = refs('mail').length
    ? await db
        .select()
        .from(notifications)
        .where(inArray(notifications.id, refs('mail')))
    : [];
  const requests = refs('provider request').length
    ? await db
        .select()
        .from(providerRequests)
        .where(inArray(providerRequests.id, refs('provider request')))
    : [];
  const whatOf = (row: Row) => {
    if (row.kind === 'push') return `A notification to one device (${row.ref.split(':')[0]})`;
    if (row.kind === 'mail') {
      const mail = mails.find((candidate) => candidate.id === row.ref);
      return mail ? `Mail to ${mail.toEmail}: ${mail.subject}` : 'A mail no longer kept';
    }
    const request = requests.find((candidate) => candidate.id === row.ref);
    return request ? `${request.provider}: ${request.kind}` : 'A request no longer kept';
  };
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    what: whatOf(row),
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.runAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function failingEffects(db: Database): Promise<EffectList> {
  const dead = await db.select().from(outbox).where(eq(outbox.status, 'dead')).orderBy(desc(outbox.id)).limit(EFFECTS_SHOWN);
  const retrying = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), gt(outbox.attempts, 0)))
    .orderBy(desc(outbox.id))
    .limit(EFFECTS_SHOWN);
  return { dead: await described(db, dead), retrying: await described(db, retrying) };
}
