/**
 * The outbox across API processes, on real PostgreSQL where their claims interleave: a burst of
 * effects written by commands is delivered by two API processes' dispatchers at once — every
 * effect exactly once (claimed once, delivered once: the shared mailbox holds each mail once), and
 * each marked done.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { outbox } from '../../server/db/command-tables';
import { notifications } from '../../server/db/schema';
import { writeNotification } from '../../server/kernel/notify';
import { apiFor } from '../support/api-harness';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { environmentFor } from '../support/local-parts';

const parts = inject('parts');
const BURST = 300;
let api: Awaited<ReturnType<typeof apiFor>>;
let processes: ApiProcess[] = [];
let dir: string;
let mailbox: string;

beforeAll(async () => {
  api = await apiFor(parts);
  dir = mkdtempSync(join(tmpdir(), 'outbox-'));
  mailbox = join(dir, 'mailbox.jsonl');
  // Both processes deliver mail into one mailbox and look for due effects every second.
  const env = environmentFor(parts, { DATABASE_URL: api.databaseUrl!, DEV_MAILBOX_FILE: mailbox, PROVIDER_DISPATCH_INTERVAL_SECONDS: '1' });
  processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
});
afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('two API processes delivering one outbox', () => {
  it(`deliver each of ${BURST} mails once`, async () => {
    const db = api.database.db;
    const tag = `burst-${Date.now()}`;
    await db.transaction(async (tx) => {
      for (let i = 0; i < BURST; i++)
        await writeNotification(
          tx,
          { userId: null, email: `${tag}-${i}@example.com` },
          { kind: 'step waiting', key: `${tag}:${i}`, subject: `Mail ${i}`, body: 'Your step is waiting.' },
        );
    });
    const written = await db.select({ id: notifications.id }).from(notifications);
    const ids = written.map((row) => row.id);
    await vi.waitFor(
      async () => {
        const effects = await db.select().from(outbox).where(inArray(outbox.ref, ids));
        expect(effects.filter((effect) => effect.status === 'done')).toHaveLength(BURST);
      },
      { timeout: 60_000, interval: 250 },
    );
    const effects = await db.select().from(outbox).where(inArray(outbox.ref, ids));
    // Claimed once each: a second claim would have counted a second attempt.
    expect(effects.map((effect) => effect.attempts)).toEqual(Array(BURST).fill(1));
    const lines = readFileSync(mailbox, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id?: string; to: string });
    const mine = lines.filter((message) => message.to.startsWith(tag));
    expect(mine).toHaveLength(BURST);
    expect(new Set(mine.map((message) => message.id)).size).toBe(BURST);
  });
});
