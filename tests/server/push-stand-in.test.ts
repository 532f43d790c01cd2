/**
 * The sandbox's Web Push stand-in takes what the real `web-push` library sends, checks it as FCM or
 * Mozilla's push service does (TTL, aes128gcm, VAPID), and shows a test what arrived, decrypted.
 */
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { Agent } from 'node:https';
import { createConnection, type NetConnectOpts } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush, { type PushSubscription, type RequestOptions } from 'web-push';
import { buildSandbox } from '../../server/providers/sandbox/sandbox-app';
import type { PushMessage } from '../../server/providers/sandbox/push-service';
import { derivedSecrets } from '../../server/providers/webhook-secrets';

/**
 * web-push's sendNotification opens every connection with TLS (it calls https.request whatever the endpoint's scheme), and the
 * local stack's sandbox speaks plain HTTP. It takes only an https.Agent, so this one opens a plain TCP connection instead.
 */
class PlainHttpAgent extends Agent {
  override createConnection(options: object) {
    return createConnection(options as NetConnectOpts);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'push-'));
const pushFile = join(dir, 'push.json');
let origin = '';
const sandboxWith = (file: string) =>
  buildSandbox({
    inquiriesFile: join(dir, 'inquiries.json'),
    bankLinkFile: join(dir, 'bank-link.json'),
    envelopesDir: join(dir, 'envelopes'),
    pushFile: file,
    publicUrl: () => origin,
    webhookSecrets: derivedSecrets('push-stand-in'),
    webhookDelayMs: 0,
  });
const sandbox = sandboxWith(pushFile);
beforeAll(async () => {
  origin = await sandbox.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => sandbox.close());

const vapid = webpush.generateVAPIDKeys();
const vapidDetails = { subject: 'mailto:ops@example.com', ...vapid };
const agent = new PlainHttpAgent();

async function subscribe(applicationServerKey = vapid.publicKey): Promise<PushSubscription> {
  const answer = await sandbox.inject({ method: 'POST', url: '/push/subscriptions', payload: { applicationServerKey } });
  expect(answer.statusCode).toBe(201);
  return answer.json();
}
const send = (subscription: PushSubscription, payload: string | null, options: RequestOptions = {}) =>
  webpush.sendNotification(subscription, payload, { vapidDetails, TTL: 60, agent, ...options });
async function received(subscription: PushSubscription, app = sandbox): Promise<PushMessage[]> {
  return (await app.inject({ url: `/push/messages?endpoint=${encodeURIComponent(subscription.endpoint)}` })).json().messages;
}
/** What web-push would send, changed by `change`, posted as it is: for what the library itself would never send. */
function post(subscription: PushSubscription, change: (request: { headers: Record<string, string>; body: Buffer }) => void, app = sandbox) {
  const details = webpush.generateRequestDetails(subscription, 'Your offer was accepted', { vapidDetails, TTL: 60 });
  const request = {
    headers: Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name.toLowerCase(), String(value)])),
    body: details.body,
  };
  change(request);
  return app.inject({ method: 'POST', url: new URL(subscription.endpoint).pathname, headers: request.headers, payload: request.body });
}

describe('the Web Push stand-in', () => {
  it('makes a subscription as a browser does, takes a push from web-push, and shows it decrypted', async () => {
    const subscription = await subscribe();
    expect(subscription).toEqual({
      endpoint: expect.stringMatching(new RegExp(`^${origin}/push/send/[\\w-]+$`)),
      expirationTime: null,
      keys: { p256dh: expect.stringMatching(/^[\w-]{87}$/), auth: expect.stringMatching(/^[\w-]{22}$/) },
    });

    const sent = await send(subscription, JSON.stringify({ title: 'Offer accepted' }), { urgency: 'high' });
    expect(sent.statusCode).toBe(201);
    const [message] = await received(subscription);
    expect(message).toMatchObject({ payload: '{"title":"Offer accepted"}', ttl: 60, urgency: 'high', topic: null });
    expect(message!.encryptedBytes).toBeGreaterThan(message!.payload.length);
    expect(sent.headers.location).toBe(`/push/messages/${message!.id}`);
    expect((await sandbox.inject({ url: sent.headers.location! })).json()).toEqual(message);
    const bySubscription = await sandbox.inject({ url: `/push/messages?subscription=${message!.subscriptionId}` });
    expect(bySubscription.json().messages).toEqual([message]);
    expect((await sandbox.inject({ url: '/push/messages' })).json().messages).toContainEqual(message);
    expect((await sandbox.inject({ url: '/push/messages/msg_unknown' })).statusCode).toBe(404);
    const foreign = await sandbox.inject({
      url: `/push/messages?endpoint=${encodeURIComponent('https://fcm.googleapis.com/fcm/send/abc')}`,
    });
    expect(foreign.statusCode).toBe(400);
  });

  it.each([
    ['missing', {}],
    ['not base64url', { applicationServerKey: 'not a key!' }],
    ['too short', { applicationServerKey: vapid.publicKey.slice(0, 40) }],
    ['not a point on P-256', { applicationServerKey: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') }],
  ])('refuses to subscribe with an applicationServerKey %s', async (_case, payload) => {
    const answer = await sandbox.inject({ method: 'POST', url: '/push/subscriptions', payload });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/applicationServerKey/);
  });

  it('refuses, as FCM does, a sender whose VAPID key is not the one the subscription was made for', async () => {
    const subscription = await subscribe(webpush.generateVAPIDKeys().publicKey);
    await expect(send(subscription, 'hello')).rejects.toMatchObject({
      name: 'WebPushError',
      statusCode: 403,
      body: expect.stringMatching(/applicationServerKey/),
    });
    expect(await received(subscription)).toEqual([]);
  });

  const claimCases: { case: string; claims: JWTPayload; signer?: { publicKey: string; privateKey: string }; message: RegExp }[] = [
    { case: 'an audience of another push service', claims: { aud: 'https://fcm.googleapis.com' }, message: /aud/ },
    { case: 'an expired token', claims: { exp: Math.floor(Date.now() / 1000) - 60 }, message: /exp/ },
    { case: 'a token good for more than 24 hours', claims: { exp: Math.floor(Date.now() / 1000) + 25 * 3600 }, message: /24 hours/ },
    { case: 'an http: contact', claims: { sub: 'http://example.com/contact' }, message: /sub/ },
    { case: 'no contact', claims: { sub: undefined }, message: /sub/ },
    { case: 'a token signed by another key than k', claims: {}, signer: webpush.generateVAPIDKeys(), message: /signature/ },
  ];
  it.each(claimCases)('refuses a VAPID JWT with $case (403)', async ({ claims, signer, message }) => {
    const subscription = await subscribe();
    const { publicKey, privateKey } = signer ?? vapid;
    const [x, y] = [1, 33].map((from) =>
      Buffer.from(publicKey, 'base64url')
        .subarray(from, from + 32)
        .toString('base64url'),
    );
    const key = createPrivateKey({ key: { kty: 'EC', crv: 'P-256', x, y, d: privateKey }, format: 'jwk' });
    const token = await new SignJWT({ aud: origin, exp: Math.floor(Date.now() / 1000) + 3600, sub: 'mailto:ops@example.com', ...claims })
      .setProtectedHeader({ typ: 'JWT', alg: 'ES256' })
      .sign(key);
    const answer = await post(subscription, (request) => (request.headers.authorization = `vapid t=${token}, k=${vapid.publicKey}`));
    expect({ status: answer.statusCode, message: answer.json().message }).toEqual({ status: 403, message: expect.stringMatching(message) });
  });

  const headerCases: { case: string; headers: Record<string, string | undefined>; status: number; message: RegExp }[] = [
    { case: 'without TTL', headers: { ttl: undefined }, status: 400, message: /TTL/ },
    { case: 'with a TTL that is not a number of seconds', headers: { ttl: '-1' }, status: 400, message: /TTL/ },
    { case: 'without Authorization', headers: { authorization: undefined }, status: 401, message: /vapid t=/ },
    {
      case: 'with the WebPush scheme of the drafts before RFC 8292',
      headers: { authorization: 'WebPush abc.def.ghi' },
      status: 401,
      message: /vapid t=/,
    },
    { case: 'with an unknown urgency', headers: { urgency: 'urgent' }, status: 400, message: /Urgency/ },
    { case: 'with a topic longer than 32 characters', headers: { topic: 'x'.repeat(33) }, status: 400, message: /Topic/ },
    { case: 'with an unencrypted body', headers: { 'content-encoding': undefined }, status: 415, message: /aes128gcm/ },
  ];
  it.each(headerCases)('refuses a push $case ($status) and keeps nothing', async ({ headers, status, message }) => {
    const subscription = await subscribe();
    const answer = await post(subscription, (request) => {
      for (const [name, value] of Object.entries(headers))
        if (value === undefined) delete request.headers[name];
        else request.headers[name] = value;
    });
    expect({ status: answer.statusCode, message: answer.json().message }).toEqual({ status, message: expect.stringMatching(message) });
    expect(await received(subscription)).toEqual([]);
  });

  it('refuses the older aesgcm encoding web-push can still be asked for (415)', async () => {
    const subscription = await subscribe();
    await expect(send(subscription, 'hello', { contentEncoding: 'aesgcm' })).rejects.toMatchObject({ statusCode: 415 });
  });

  it('refuses a body that was changed on the way (400) and keeps nothing', async () => {
    const subscription = await subscribe();
    const answer = await post(subscription, (request) => (request.body[request.body.length - 3]! ^= 0xff));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/decrypt/);
    expect(await received(subscription)).toEqual([]);
  });

  it('refuses a body larger than real push services take (413)', async () => {
    const subscription = await subscribe();
    await expect(send(subscription, 'x'.repeat(4096))).rejects.toMatchObject({ statusCode: 413 });
  });

  it('answers 404 for an endpoint it never made, and 410 Gone once the subscription has ended', async () => {
    const subscription = await subscribe();
    await expect(send({ ...subscription, endpoint: `${origin}/push/send/sub_unknown` }, 'hello')).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await sandbox.inject({ method: 'DELETE', url: '/push/subscriptions/sub_unknown' })).statusCode).toBe(404);

    const id = subscription.endpoint.split('/').pop()!;
    expect((await sandbox.inject({ method: 'DELETE', url: `/push/subscriptions/${id}` })).statusCode).toBe(204);
    const gone = send(subscription, 'hello');
    await expect(gone).rejects.toBeInstanceOf(webpush.WebPushError);
    await expect(gone).rejects.toMatchObject({ statusCode: 410 });
  });

  it('replaces an earlier message with the same topic (RFC 8030 §5.4)', async () => {
    const subscription = await subscribe();
    await send(subscription, 'first offer', { topic: 'deal-1' });
    await send(subscription, 'a message', { topic: 'deal-2' });
    await send(subscription, 'better offer', { topic: 'deal-1' });
    await send(subscription, 'no topic');
    expect((await received(subscription)).map(({ payload, topic }) => ({ payload, topic }))).toEqual([
      { payload: 'a message', topic: 'deal-2' },
      { payload: 'better offer', topic: 'deal-1' },
      { payload: 'no topic', topic: null },
    ]);
  });

  it('takes a push without a body (a tickle)', async () => {
    const subscription = await subscribe();
    await send(subscription, null);
    expect(await received(subscription)).toMatchObject([{ payload: '', encryptedBytes: 0 }]);
  });

  it('keeps its subscriptions and messages in its file across a restart', async () => {
    const subscription = await subscribe();
    await send(subscription, 'before the restart');
    const restarted = sandboxWith(pushFile);
    expect((await post(subscription, () => undefined, restarted)).statusCode).toBe(201);
    expect((await received(subscription, restarted)).map((message) => message.payload)).toEqual([
      'before the restart',
      'Your offer was accepted',
    ]);
    await restarted.close();
  });

  it('lists what arrived on a page, escaped', async () => {
    const subscription = await subscribe();
    await send(subscription, '<script>alert(1)</script>');
    const page = await sandbox.inject({ url: '/push' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page.body).not.toContain('<script>alert');
  });
});
