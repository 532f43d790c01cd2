/**
 * Offer notifications leave through Amazon SES's v2 API. SES cannot run here, so a stand-in on
 * 127.0.0.1 answers its SendEmail call (POST /v2/email/outbound-emails) the way SES does.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notifications } from '../../server/db/schema';
import { deliverPending, sesMailer } from '../../server/effects/mail';
import { apiFor } from '../support/api-harness';

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

describe('SES mailer', () => {
  it('sends each queued notification once, as SES SendEmail, and marks it sent', async () => {
    const db = api.database.db;
    const [row] = await db
      .insert(notifications)
      .values({ toEmail: 'buyer@example.com', subject: 'Your offer was accepted', body: 'You have a deal.' })
      .returning();
    const mailer = sesMailer({ from: 'offers@caramel.example', region: 'us-west-2', endpoint });
    await deliverPending(db, mailer);
    await deliverPending(db, mailer);
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
    const [saved] = await db.select().from(notifications).where(eq(notifications.id, row!.id));
    expect(saved!.sentAt).not.toBeNull();
  });

  it('keeps a notification queued when SES keeps failing, and sends it on a later call', async () => {
    const db = api.database.db;
    const [row] = await db
      .insert(notifications)
      .values({ toEmail: 'seller@example.com', subject: 'Counteroffer', body: '$6,000' })
      .returning();
    const mailer = sesMailer({ from: 'offers@caramel.example', region: 'us-west-2', endpoint });
    failNext = 10;
    await expect(deliverPending(db, mailer)).rejects.toThrow();
    expect((await db.select().from(notifications).where(eq(notifications.id, row!.id)))[0]!.sentAt).toBeNull();
    failNext = 0;
    await deliverPending(db, mailer);
    expect((await db.select().from(notifications).where(eq(notifications.id, row!.id)))[0]!.sentAt).not.toBeNull();
  });

  it('two deliveries at once (two requests, or two API processes) send each notification once', async () => {
    const db = api.database.db;
    await db.insert(notifications).values({ toEmail: 'racer@example.com', subject: 'Counteroffer', body: '$7,000' });
    const mailer = sesMailer({ from: 'offers@caramel.example', region: 'us-west-2', endpoint });
    await Promise.all([deliverPending(db, mailer), deliverPending(db, mailer)]);
    expect(received.filter((request) => JSON.stringify(request.body).includes('racer@example.com'))).toHaveLength(1);
  });

  it('without a provider, notifications stay queued rather than being dropped', async () => {
    const db = api.database.db;
    const [row] = await db.insert(notifications).values({ toEmail: 'x@example.com', subject: 's', body: 'b' }).returning();
    await deliverPending(db, undefined);
    expect((await db.select().from(notifications).where(eq(notifications.id, row!.id)))[0]!.sentAt).toBeNull();
  });
});
