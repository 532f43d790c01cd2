/**
 * Notifications on devices (issue 44) against the real API, database and the sandbox's push-service
 * stand-in: a device subscribed through the API is pushed, encrypted (the stand-in decrypts what it
 * received), what the other party's move tells it and the message they wrote, with the screen to
 * open; once, in the topics the person kept; a device the push service dropped is forgotten, one
 * taken back is pushed nothing; and the API never takes an endpoint it must not call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { threadPath } from '../../src/domain/message-contract';
import { apiFor } from '../support/api-harness';
import { actAs, dealBetween, verifiedInquiry } from '../support/deals';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;
let applicationServerKey: string;

beforeAll(async () => {
  api = await apiFor(parts);
  applicationServerKey = (await api.call('GET', '/config.json')).json().push.applicationServerKey;
});
afterAll(() => api.close());

const standIn = (path: string, init?: RequestInit) => fetch(new URL(path, parts.sandbox.url), init);

/** A device as a browser subscribes it: the stand-in makes its keys; the app hands the subscription to the API. */
async function subscribedDevice(who: { bearer: string }) {
  const subscription = await (
    await standIn('/push/subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationServerKey }),
    })
  ).json();
  expect((await api.call('PUT', '/api/push/subscriptions', who.bearer, subscription)).statusCode).toBe(204);
  return subscription as { endpoint: string; keys: { p256dh: string; auth: string } };
}

type Pushed = { payload: string; topic: string | null };
const pushedTo = async (device: { endpoint: string }) =>
  ((await (await standIn(`/push/messages?endpoint=${encodeURIComponent(device.endpoint)}`)).json()).messages as Pushed[]).map(
    (message) => JSON.parse(message.payload) as { title: string; body: string; url: string; tag: string; unread: number },
  );

const HOME = { line1: '12 Elm St', city: 'Portland', state: 'OR', postalCode: '97201' };
const BUYER_DETAILS = { housing: 'own', yearsAtAddress: 2, employer: 'Acme', annualIncomeDollars: 90_000 };

const write = (who: { bearer: string }, negotiationId: string, body: string) =>
  api.call('POST', `/api/threads/${negotiationId}/messages`, who.bearer, { body, idempotencyKey: randomUUID() });

describe('notifications on devices', () => {
  it('pushes the other party the message and the step waiting for them, encrypted, once, with the screen to open', async () => {
    const { buyer, seller, negotiationId, buyerTx, sellerTx } = await dealBetween(api, parts.identity);
    const device = await subscribedDevice(buyer);

    expect((await write(seller, negotiationId, 'The keys are in the glovebox.')).statusCode).toBe(201);
    await expect
      .poll(() => pushedTo(device))
      .toEqual([
        expect.objectContaining({
          title: expect.stringMatching(/ wrote about the 2005 Buick/),
          body: 'The keys are in the glovebox.',
          url: threadPath(negotiationId),
          unread: 1,
        }),
      ]);

    // The buyer finishes a step both sides walk: the seller's is waiting — their device is told, once, and opens their step.
    const sellerDevice = await subscribedDevice(seller);
    await actAs(api, buyer, buyerTx, 'identity submitted', { inquiryId: await verifiedInquiry(parts.sandbox.url, buyerTx, 'approved') });
    await actAs(api, buyer, buyerTx, 'address submitted', HOME);
    await actAs(api, buyer, buyerTx, 'identity done', BUYER_DETAILS);
    await expect
      .poll(() => pushedTo(sellerDevice))
      .toEqual([
        expect.objectContaining({
          title: '2005 Buick: Your buyer has verified their identity',
          url: `/transaction?transaction=${sellerTx}`,
        }),
      ]);
    // The writer's own devices are never pushed their own message.
    await write(seller, negotiationId, 'Still there?');
    await expect.poll(async () => (await pushedTo(device)).map((push) => push.body)).toEqual(['Still there?']);
    expect(await pushedTo(sellerDevice)).toHaveLength(1);
  });

  it('pushes nothing in a topic the person turned off, and nothing to a device taken back', async () => {
    const { buyer, seller, negotiationId } = await dealBetween(api, parts.identity);
    const device = await subscribedDevice(buyer);
    const off = { turn: true, messages: false, money: true, delivery: true };
    expect((await api.call('PUT', '/api/push/preferences', buyer.bearer, off)).json()).toEqual(off);
    expect((await api.call('GET', '/api/push/preferences', buyer.bearer)).json()).toEqual(off);
    await write(seller, negotiationId, 'Quiet one');

    await api.call('PUT', '/api/push/preferences', buyer.bearer, { ...off, messages: true });
    expect((await api.call('DELETE', '/api/push/subscriptions', buyer.bearer, { endpoint: device.endpoint })).statusCode).toBe(204);
    await write(seller, negotiationId, 'After turning off');

    const other = await subscribedDevice(buyer);
    await write(seller, negotiationId, 'On the other device');
    await expect.poll(async () => (await pushedTo(other)).map((push) => push.body)).toEqual(['On the other device']);
    expect(await pushedTo(device)).toEqual([]);
  });

  it('forgets a device whose push service dropped it (410), and keeps pushing the person’s other devices', async () => {
    const { buyer, seller, negotiationId } = await dealBetween(api, parts.identity);
    const dropped = await subscribedDevice(buyer);
    const kept = await subscribedDevice(buyer);
    await standIn(`/push/subscriptions/${dropped.endpoint.split('/').pop()}`, { method: 'DELETE' });
    await write(seller, negotiationId, 'First');
    await expect.poll(async () => (await pushedTo(kept)).length).toBe(1);
    // Its row is gone: taking it back again finds nothing, and a new message reaches only the kept device.
    await write(seller, negotiationId, 'Second');
    // One per conversation: the second replaced the first at the push service (RFC 8030 Topic), as the tag does on the device.
    await expect.poll(async () => (await pushedTo(kept)).map((push) => push.body)).toEqual(['Second']);
    expect(await pushedTo(dropped)).toEqual([]);
  });

  it('takes only endpoints of browser push services, and says which field is wrong', async () => {
    const { buyer } = await dealBetween(api, parts.identity);
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    const refused = async (body: unknown) => {
      const answer = await api.call('PUT', '/api/push/subscriptions', buyer.bearer, body);
      return { status: answer.statusCode, field: answer.json().field as string | undefined };
    };
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://10.0.0.8/push',
      'https://[::1]/push',
      'https://metadata.google.internal/computeMetadata',
      'https://evil.example.com/push',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'not a url',
    ])
      expect(await refused({ endpoint, keys }), endpoint).toEqual({ status: 400, field: 'endpoint' });
    expect(await refused({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { ...keys, auth: 'short' } })).toEqual({
      status: 400,
      field: 'keys.auth',
    });
    expect(
      (await api.call('PUT', '/api/push/subscriptions', buyer.bearer, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys }))
        .statusCode,
    ).toBe(204);
    expect(
      (await api.call('PUT', '/api/push/subscriptions', undefined, { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys })).statusCode,
    ).toBe(401);
    expect((await api.call('PUT', '/api/push/preferences', buyer.bearer, { turn: 'yes' })).json().field).toBe('turn');
  });
});
