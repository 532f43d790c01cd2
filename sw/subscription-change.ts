/// <reference lib="webworker" />
/**
 * A browser's push service may replace a device's subscription (its keys rotated, or it expired):
 * the worker hands the new one to the API as the person signed in here and takes the old one back,
 * so the device goes on being told. Nothing happens where the person turned notifications off, or
 * where the subscription came from the local stack's stand-in (no browser push service there).
 */
import * as z from 'zod/mini';
import { apiRequest } from '../src/data/api/api-client';
import { db } from '../src/data/db';
import { pushSubscriptionSchema } from '../src/domain/push-contract';
import { asThePerson, type Person } from './as-the-person';

interface SubscriptionChange extends ExtendableEvent {
  newSubscription: PushSubscription | null;
}

export function followSubscriptionChanges(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as unknown as SubscriptionChange;
    change.waitUntil(
      asThePerson().then(
        (person) => person && resubscribe(person, change.newSubscription, (options) => scope.registration.pushManager.subscribe(options)),
      ),
    );
  });
}

type Subscribe = (options: PushSubscriptionOptionsInit) => Promise<PushSubscription>;

/** Hands the device's new subscription (made now when the browser gave none) to the API; the endpoint it now has, or undefined. */
export async function resubscribe(person: Person, given: PushSubscription | null, subscribe: Subscribe): Promise<string | undefined> {
  const kept = await db.device.get('push');
  const key = person.config.push?.applicationServerKey;
  if (kept?.key !== 'push' || kept.via !== 'browser' || !key) return undefined;
  const fresh = given ?? (await subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  await apiRequest('PUT', 'push/subscriptions', z.unknown(), pushSubscriptionSchema.parse(fresh.toJSON()));
  if (kept.endpoint !== fresh.endpoint)
    await apiRequest('DELETE', 'push/subscriptions', z.unknown(), { endpoint: kept.endpoint }).catch(() => undefined);
  await db.device.put({ key: 'push', endpoint: fresh.endpoint, via: 'browser' });
  return fresh.endpoint;
}
