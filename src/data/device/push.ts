/**
 * Notifications on this device (issue 44, DESIGN.md §7): the browser's permission, a subscription
 * from its push service handed to the API, and taken back when the person turns them off or signs
 * out. On the local stack a browser's push service cannot be reached, so the subscription comes from
 * the push service's stand-in (config.json `push.serviceStandIn`), which keeps what it is sent for a
 * person or a test to read. Where a browser has no push, the app keeps to e-mail.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import * as z from 'zod/mini';
import { pushPreferencesSchema, pushSubscriptionSchema, type PushPreferences, type PushSubscriptionJson } from '../../domain/push-contract';
import { apiRequest } from '../api/api-client';
import { db } from '../db';
import { runtimeConfig } from '../api/runtime-config';

export type DeviceNotifications = 'unavailable' | 'blocked' | 'off' | 'on';

function pushConfig() {
  return runtimeConfig().push;
}

/** Whether this browser, with this server, can be told things while the app is closed. */
export function notificationsAvailable(): boolean {
  const push = pushConfig();
  if (!push || typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator)) return false;
  return Boolean(push.serviceStandIn) || 'PushManager' in window;
}

/** Asks the browser, subscribes, and hands the subscription to the API; 'blocked' or 'off' when the person said no (or not yet). */
export async function turnOnNotifications(): Promise<DeviceNotifications> {
  const push = pushConfig();
  if (!push || !notificationsAvailable()) return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const subscription = push.serviceStandIn
    ? await standInSubscription(push.serviceStandIn, push.applicationServerKey)
    : await browserSubscription(push.applicationServerKey);
  await apiRequest('PUT', 'push/subscriptions', z.unknown(), subscription);
  await db.device.put({ key: 'push', endpoint: subscription.endpoint, via: push.serviceStandIn ? 'stand-in' : 'browser' });
  return 'on';
}

/**
 * This device stops taking notifications: the API forgets it, then the push service does. Signing
 * out does it too (`bestEffort`: offline, the API's copy stays until the service worker, finding
 * no one signed in, lets the push service drop it and the service answers the next push with 410).
 */
export async function turnOffNotifications(options: { bestEffort?: boolean } = {}): Promise<void> {
  const kept = await db.device.get('push');
  if (!kept || kept.key !== 'push') return;
  try {
    await apiRequest('DELETE', 'push/subscriptions', z.unknown(), { endpoint: kept.endpoint });
  } catch (error) {
    if (!options.bestEffort) throw error;
  }
  await unsubscribe(kept.endpoint, kept.via).catch(() => undefined);
  await db.device.delete('push');
}

async function browserSubscription(applicationServerKey: string): Promise<PushSubscriptionJson> {
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
  return pushSubscriptionSchema.parse(subscription.toJSON());
}

async function standInSubscription(standIn: string, applicationServerKey: string): Promise<PushSubscriptionJson> {
  const answer = await fetch(new URL('/push/subscriptions', standIn), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ applicationServerKey }),
  });
  if (!answer.ok) throw new Error(`The push service stand-in answered ${answer.status}.`);
  return pushSubscriptionSchema.parse(await answer.json());
}

async function unsubscribe(endpoint: string, via: 'browser' | 'stand-in'): Promise<void> {
  if (via === 'stand-in') {
    const id = new URL(endpoint).pathname.split('/').pop()!;
    await fetch(new URL(`/push/subscriptions/${id}`, endpoint), { method: 'DELETE' });
    return;
  }
  const registration = await navigator.serviceWorker.ready;
  await (await registration.pushManager.getSubscription())?.unsubscribe();
}

/** This device's notifications as they stand, following a change made in any tab; undefined while reading. */
export function useDeviceNotifications(): DeviceNotifications | undefined {
  const kept = useLiveQuery(() => db.device.get('push').then((row) => row ?? null), []);
  if (kept === undefined) return undefined;
  if (!notificationsAvailable()) return 'unavailable';
  if (Notification.permission === 'denied') return 'blocked';
  return kept && Notification.permission === 'granted' ? 'on' : 'off';
}

export const pushPreferences = () => apiRequest('GET', 'push/preferences', pushPreferencesSchema);
export const savePushPreferences = (preferences: PushPreferences) =>
  apiRequest('PUT', 'push/preferences', pushPreferencesSchema, preferences);
