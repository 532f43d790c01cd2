/**
 * Notifications leave through Amazon SES's v2 API, from the outbox. SES cannot run here, so a
 * stand-in on 127.0.0.1 answers its SendEmail call (POST /v2/email/outbound-emails) the way SES does.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { outbox } from '../../server/db/command-tables';
import { notifications } from '../../server/db/schema';
import { createDispatcher, MAX_ATTEMPTS } from '../../server/effects/dispatcher';
import { mailHandler } from '../../server/effects/mail';
import { writeNotification } from '../../server/kernel/notify';
import { sesMailer, type Mailer } from '../../server/providers/mailer';
import { apiFor } from '../support/api-harness';
import { bearerFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;
let ses: Server;
let endpoint: string;
let failNext = 0;
const received: { path: string; body: Record<string, unknown> }[] = [];

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    request.on('data', (chunk) => (data += chunk));
    request.on('end', () => resolve(data));
  });

beforeAll(async () => {
  api = await apiFor(parts);
  ses = createServer(async (request, response) => {
    const body = await readBody(request);
    if (failNext > 0) {
      failNext--;
      response.writeHead(500, { 'content-type': 'application/json', 'x-amzn-errortype': 'InternalFailure' });
      return response.end('{"message":"try later"}');
    }
    received.push({ path: request.url ?? '', body: JSON.parse(body) });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"MessageId":"stand-in-1"}');
  });
  await new Promise<void>((resolve) => ses.listen(0, '127.0.0.1', resolve));
  const address = ses.address() as { port: number };
  endpoint = `http://127.0.0.1:${address.port}`;
  process.env.AWS_ACCESS_KEY_ID ??= 'stand-in';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'stand-in';
});

afterAll(async () => {
  await api.close();
  await new Promise((resolve) => ses.close(resolve));
});

/** A notification written as a command writes one: its row and the outbox row that mails it. */
async function queued(toEmail: string, subject: string, body: string) {
  const key = `test:${toEmail}:${subject}`;
  await api.database.db.transaction((tx) =>
    writeNotification(tx, { userId: null, email: toEmail }, { kind: 'step waiting', key, subject, body }),
  );
  const [row] = await api.database.db.select().from(notifications).where(eq(notifications.toEmail, toEmail));
  return row!;
}

/** One dispatcher's run, mailing through `mailer` (none: this process has no mail provider). */
const deliver = (mailer: Mailer | undefined) =>
  createDispatcher(api.database.db, mailer ? { mail: mailHandler(api.database.db, mailer, 'https://app.example') } : {}, {
    warn: () => undefined,
  }).run();

const sesStandIn = () => sesMailer({ from: 'offers@caramel.example', region: 'us-west-2', endpoint });

describe('SES mailer', () => {
  it('sends each queued notification once, as SES SendEmail, and marks it sent', async () => {
    const row = await queued('buyer@example.com', 'Your offer was accepted', 'You have a deal.');
    await deliver(sesStandIn());
    await deliver(sesStandIn());
    const mine = received.filter((request) => JSON.stringify(request.body).includes('buyer@example.com'));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      path: '/v2/email/outbound-emails',
      body: {
        FromEmailAddress: 'offers@caramel.example',
        Destination: { ToAddresses: ['buyer@example.com'] },
        Content: { Simple: { Subject: { Data: 'Your offer was accepted' }, Body: { Text: { Data: 'You have a deal.' } } } },
      },
    });
    const [saved] = await api.database.db.select().from(notifications).where(eq(notifications.id, row.id));
    expect(saved!.sentAt).not.toBeNull();
  });

  it('keeps a notification queued when SES keeps failing, and sends it when the next attempt is due', async () => {
    const db = api.database.db;
    const row = await queued('seller@example.com', 'Counteroffer', '$6,000');
    failNext = 10;
    await deliver(sesStandIn());
    expect((await db.select().from(notifications).where(eq(notifications.id, row.id)))[0]!.sentAt).toBeNull();
    const [effect] = await db.select().from(outbox).where(eq(outbox.ref, row.id));
    expect(effect).toMatchObject({ status: 'pending', attempts: 1 });
    expect(effect!.lastError).toBeTruthy();
    failNext = 0;
    await deliver(sesStandIn()); // not due yet: it waits its pause
    expect((await db.select().from(notifications).where(eq(notifications.id, row.id)))[0]!.sentAt).toBeNull();
    await db.update(outbox).set({ runAt: new Date() }).where(eq(outbox.id, effect!.id));
    await deliver(sesStandIn());
    expect((await db.select().from(notifications).where(eq(notifications.id, row.id)))[0]!.sentAt).not.toBeNull();
  });

  it('two deliveries at once (two dispatchers, or two API processes) send each notification once', async () => {
    await queued('racer@example.com', 'Counteroffer', '$7,000');
    await Promise.all([deliver(sesStandIn()), deliver(sesStandIn())]);
    expect(received.filter((request) => JSON.stringify(request.body).includes('racer@example.com'))).toHaveLength(1);
  });

  it('gives up after its last try, saying why, and is delivered when an admin asks again', async () => {
    const db = api.database.db;
    const row = await queued('given-up@example.com', 'Counteroffer', '$5,000');
    await db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(outbox.ref, row.id));
    failNext = 10;
    await deliver(sesStandIn());
    failNext = 0;
    const [dead] = await db.select().from(outbox).where(eq(outbox.ref, row.id));
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS });
    expect(dead!.lastError).toBeTruthy();
    await deliver(sesStandIn()); // given up: not tried on its own any more
    expect((await db.select().from(notifications).where(eq(notifications.id, row.id)))[0]!.sentAt).toBeNull();

    const admin = await bearerFor(parts.identity, ['admin']);
    const listed = (await api.call('GET', '/api/admin/outbox', admin)).json();
    expect(listed.dead).toContainEqual(
      expect.objectContaining({ id: dead!.id, kind: 'mail', what: 'Mail to given-up@example.com: Counteroffer', attempts: MAX_ATTEMPTS }),
    );
    const customer = await bearerFor(parts.identity);
    expect((await api.call('GET', '/api/admin/outbox', customer)).statusCode).toBe(403);
    expect((await api.call('POST', `/api/admin/outbox/${dead!.id}/retry`, customer)).statusCode).toBe(403);
    expect((await api.call('POST', `/api/admin/outbox/${dead!.id}/retry`, admin)).statusCode).toBe(204);
    await deliver(sesStandIn());
    expect((await db.select().from(notifications).where(eq(notifications.id, row.id)))[0]!.sentAt).not.toBeNull();
    expect((await api.call('POST', `/api/admin/outbox/${dead!.id}/retry`, admin)).statusCode).toBe(404);
  });

  it('without a provider, notifications stay queued rather than being dropped', async () => {
    const row = await queued('x@example.com', 's', 'b');
    await deliver(undefined);
    expect((await api.database.db.select().from(notifications).where(eq(notifications.id, row.id)))[0]!.sentAt).toBeNull();
    expect((await api.database.db.select().from(outbox).where(eq(outbox.ref, row.id)))[0]!.status).toBe('pending');
  });
});
