/// <reference lib="webworker" />
/**
 * Notifications while the app is closed (issue 44): a push shows what it says, with the vehicle
 * and what to do, unless the person has that very screen in front of them (then the open app
 * already shows it); the app icon's badge follows the unread count; a click opens the exact
 * screen, in a window already open when there is one. A push for someone no longer signed in on
 * this device shows nothing, and this device leaves the push service (its next push answers 410,
 * and the API forgets it).
 */
import { pushPayloadSchema, type PushPayload } from '../src/domain/push-contract';

declare const self: ServiceWorkerGlobalScope;

/** Who is signed in on this device, as the app last wrote it (src/data/device-session.ts), read without the app's code. */
export type SignedInHere = () => Promise<string | undefined>;

export function handleNotifications(signedInHere: SignedInHere): void {
  self.addEventListener('push', (event) => event.waitUntil(show(event.data, signedInHere)));
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = (event.notification.data as { url?: unknown } | null)?.url;
    event.waitUntil(openScreen(typeof url === 'string' && url.startsWith('/') ? url : '/dashboard'));
  });
}

async function show(data: PushMessageData | null, signedInHere: SignedInHere): Promise<void> {
  const parsed = pushPayloadSchema.safeParse(safeJson(data));
  if (!parsed.success) return;
  const push = parsed.data;
  if ((await signedInHere()) !== push.for) {
    await (await self.registration.pushManager.getSubscription())?.unsubscribe();
    return;
  }
  await setBadge(push.unread);
  if (await onScreen(push.url)) return;
  await self.registration.showNotification(push.title, {
    body: push.body,
    tag: push.tag,
    // A newer message in a conversation replaces the last one and is announced; a repeat of the same event is not.
    renotify: push.tag.startsWith('thread:'),
    icon: '/icons/icon-192.png',
    data: { url: push.url },
  } as NotificationOptions);
}

function safeJson(data: PushMessageData | null): unknown {
  try {
    return data?.json();
  } catch {
    return undefined;
  }
}

async function setBadge(unread: PushPayload['unread']): Promise<void> {
  if (unread === undefined || !('setAppBadge' in self.navigator)) return;
  await (unread ? self.navigator.setAppBadge(unread) : self.navigator.clearAppBadge()).catch(() => undefined);
}

const samePlace = (client: WindowClient, url: string) => {
  const open = new URL(client.url);
  const target = new URL(url, self.location.origin);
  return open.pathname === target.pathname && open.search === target.search;
};

async function onScreen(url: string): Promise<boolean> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.some((client) => client.visibilityState === 'visible' && client.focused && samePlace(client, url));
}

/** Focuses a window showing `url`, or takes an open window there (the app navigates itself), or opens one. */
async function openScreen(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = windows.find((client) => samePlace(client, url));
  if (showing) return void (await showing.focus());
  const open = windows[0];
  if (open) {
    open.postMessage({ type: 'OPEN_SCREEN', url });
    return void (await open.focus());
  }
  await self.clients.openWindow(url);
}
