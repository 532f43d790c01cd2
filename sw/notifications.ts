/// <reference lib="webworker" />
/**
 * Notifications while the app is closed (issue 44): a push shows what it says, with the vehicle
 * and what to do, unless the person is in the app, in front of them (then the app's own notice,
 * from its live stream, already tells them — a second one would announce the same thing twice); the app icon's badge follows the unread count; a click opens the exact
 * screen, in a window already open when there is one. A push for someone no longer signed in on
 * this device shows nothing, and this device leaves the push service (its next push answers 410,
 * and the API forgets it). The handlers take the worker's parts as arguments, so they are tested
 * with stand-ins of them (tests/unit/sw-notifications.test.ts) as well as in Chromium.
 */
import { pushPayloadSchema } from '../src/domain/push-contract';

/** Who is signed in on this device, as the app last wrote it (src/data/session/device-session.ts). */
export type SignedInHere = () => Promise<string | undefined>;

/** What of the service worker's global scope the handlers use. */
export interface WorkerParts {
  origin: string;
  clients: Pick<Clients, 'matchAll' | 'openWindow'>;
  registration: Pick<ServiceWorkerRegistration, 'showNotification'> & { pushManager: Pick<PushManager, 'getSubscription'> };
  navigator: Partial<Pick<WorkerNavigator, 'setAppBadge' | 'clearAppBadge'>>;
}

export function handleNotifications(scope: ServiceWorkerGlobalScope, signedInHere: SignedInHere): void {
  const parts: WorkerParts = {
    origin: scope.location.origin,
    clients: scope.clients,
    registration: scope.registration,
    navigator: scope.navigator,
  };
  scope.addEventListener('push', (event) => event.waitUntil(showPush(parts, safeJson(event.data), signedInHere)));
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = (event.notification.data as { url?: unknown } | null)?.url;
    event.waitUntil(openScreen(parts, typeof url === 'string' && url.startsWith('/') ? url : '/dashboard'));
  });
}

/** What a push did: shown, left to the app in front of the person, or dropped (not theirs here, or not ours). */
export async function showPush(
  worker: WorkerParts,
  data: unknown,
  signedInHere: SignedInHere,
): Promise<'shown' | 'in the app' | 'dropped'> {
  const parsed = pushPayloadSchema.safeParse(data);
  if (!parsed.success) return 'dropped';
  const push = parsed.data;
  if ((await signedInHere()) !== push.for) {
    await (await worker.registration.pushManager.getSubscription())?.unsubscribe();
    return 'dropped';
  }
  if (push.unread !== undefined) {
    const badge = push.unread ? worker.navigator.setAppBadge?.(push.unread) : worker.navigator.clearAppBadge?.();
    await badge?.catch(() => undefined);
  }
  if (await inFrontOfThem(worker)) return 'in the app';
  await worker.registration.showNotification(push.title, {
    body: push.body,
    tag: push.tag,
    // A newer message in a conversation replaces the last one and is announced; a repeat of the same event is not.
    renotify: push.tag.startsWith('thread:'),
    icon: '/icons/icon-192.png',
    data: { url: push.url },
  } as NotificationOptions);
  return 'shown';
}

function safeJson(data: PushMessageData | null): unknown {
  try {
    return data?.json();
  } catch {
    return undefined;
  }
}

const samePlace = (worker: WorkerParts, client: WindowClient, url: string) => {
  const open = new URL(client.url);
  const target = new URL(url, worker.origin);
  return open.pathname === target.pathname && open.search === target.search;
};

const windowsOf = (worker: WorkerParts) =>
  worker.clients.matchAll({ type: 'window', includeUncontrolled: true }) as Promise<WindowClient[]>;

async function inFrontOfThem(worker: WorkerParts): Promise<boolean> {
  return (await windowsOf(worker)).some((client) => client.visibilityState === 'visible' && client.focused);
}

/** Focuses a window showing `url`, or takes an open window there (the app navigates itself), or opens one. */
export async function openScreen(worker: WorkerParts, url: string): Promise<void> {
  const windows = await windowsOf(worker);
  const showing = windows.find((client) => samePlace(worker, client, url));
  if (showing) return void (await showing.focus());
  const open = windows[0];
  if (open) {
    open.postMessage({ type: 'OPEN_SCREEN', url });
    return void (await open.focus());
  }
  await worker.clients.openWindow(url);
}
