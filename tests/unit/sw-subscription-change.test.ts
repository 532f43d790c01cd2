/**
 * A device's subscription replaced by its browser's push service (sw/subscription-change.ts): the
 * new one reaches the API as the person signed in here and the old one is taken back; a device
 * where notifications are off, or whose subscription came from the local stand-in, is left alone.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/data/db';
import { loadRuntimeConfig, type RuntimeConfig } from '../../src/data/api/runtime-config';
import { setSignedIn, setSignedOut } from '../../src/data/session/session-store';
import { resubscribe } from '../../sw/subscription-change';
import type { Person } from '../../sw/as-the-person';
import { validRuntimeConfig } from '../support/runtime-config-fixture';

const KEY = `B${'A'.repeat(86)}`;
const subscription = (endpoint: string) =>
  ({
    endpoint,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: KEY, auth: 'A'.repeat(22) } }),
  }) as unknown as PushSubscription;

let person: Person;

beforeEach(async () => {
  await db.device.clear();
  const config = { ...validRuntimeConfig, push: { applicationServerKey: KEY } };
  await loadRuntimeConfig((async () => new Response(JSON.stringify(config))) as typeof fetch);
  setSignedIn({ sub: 'sub-robin', email: 'robin@example.com' }, 'id-token');
  person = { sub: 'sub-robin', config: config as unknown as RuntimeConfig, token: async () => 'id-token' };
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSignedOut();
});

function api() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: init.method!, url, body: JSON.parse(init.body as string) });
      return new Response(null, { status: 204 });
    }),
  );
  return calls;
}

describe('a subscription the push service replaced', () => {
  it('is handed to the API, the old one taken back, and kept as this device’s', async () => {
    await db.device.put({ key: 'push', endpoint: 'https://fcm.googleapis.com/fcm/send/old', via: 'browser' });
    const calls = api();
    const subscribe = vi.fn(async () => subscription('https://fcm.googleapis.com/fcm/send/new'));
    expect(await resubscribe(person, null, subscribe)).toBe('https://fcm.googleapis.com/fcm/send/new');
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY });
    expect(calls.map(({ method, url, body }) => [method, url, (body as { endpoint: string }).endpoint])).toEqual([
      ['PUT', '/api/push/subscriptions', 'https://fcm.googleapis.com/fcm/send/new'],
      ['DELETE', '/api/push/subscriptions', 'https://fcm.googleapis.com/fcm/send/old'],
    ]);
    expect(await db.device.get('push')).toMatchObject({ endpoint: 'https://fcm.googleapis.com/fcm/send/new' });
  });

  it('uses the one the browser gave when it gave one', async () => {
    await db.device.put({ key: 'push', endpoint: 'https://fcm.googleapis.com/fcm/send/old', via: 'browser' });
    api();
    const subscribe = vi.fn();
    await resubscribe(person, subscription('https://fcm.googleapis.com/fcm/send/given'), subscribe);
    expect(subscribe).not.toHaveBeenCalled();
    expect(await db.device.get('push')).toMatchObject({ endpoint: 'https://fcm.googleapis.com/fcm/send/given' });
  });

  it('is left alone where notifications are off, or came from the local stand-in', async () => {
    const calls = api();
    const subscribe = vi.fn();
    expect(await resubscribe(person, null, subscribe)).toBeUndefined();
    await db.device.put({ key: 'push', endpoint: 'http://127.0.0.1:8083/push/send/x', via: 'stand-in' });
    expect(await resubscribe(person, null, subscribe)).toBeUndefined();
    expect(subscribe).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
});
