/**
 * The service worker's notifications (sw/notifications.ts), with stand-ins for the browser's parts
 * (windows, the registration, the badge): Chromium shows a push in tests/e2e/installed-app.spec.ts, but
 * a person's click on a notification cannot be made there.
 */
import { describe, expect, it, vi } from 'vitest';
import { openScreen, showPush, type WorkerParts } from '../../sw/notifications';

const ORIGIN = 'https://caramel.example';
const THREAD = '/dashboard/messages/neg-1';

interface FakeWindow {
  url: string;
  visibilityState: 'visible' | 'hidden';
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

const windowAt = (path: string, state: Partial<FakeWindow> = {}): FakeWindow => ({
  url: `${ORIGIN}${path}`,
  visibilityState: 'visible',
  focused: true,
  focus: vi.fn(async () => undefined),
  postMessage: vi.fn(),
  ...state,
});

function worker(windows: FakeWindow[] = []) {
  const unsubscribe = vi.fn(async () => true);
  const parts = {
    origin: ORIGIN,
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
    registration: {
      showNotification: vi.fn(async () => undefined),
      pushManager: { getSubscription: vi.fn(async () => ({ unsubscribe })) },
    },
    navigator: { setAppBadge: vi.fn(async () => undefined), clearAppBadge: vi.fn(async () => undefined) },
  };
  return { parts: parts as unknown as WorkerParts, fakes: { ...parts, unsubscribe } };
}

const push = {
  title: 'Sam wrote about the 2005 Buick',
  body: 'Keys in the glovebox.',
  url: THREAD,
  tag: 'thread:neg-1',
  unread: 2,
  for: 'sub-robin',
};
const robin = async () => 'sub-robin';

describe('a push reaching the service worker', () => {
  it('is shown with its words, its screen and its tag, and the badge counts the unread messages', async () => {
    const { parts, fakes } = worker([windowAt('/account', { visibilityState: 'hidden', focused: false })]);
    expect(await showPush(parts, push, robin)).toBe('shown');
    expect(fakes.registration.showNotification).toHaveBeenCalledWith(
      push.title,
      expect.objectContaining({ body: push.body, tag: push.tag, renotify: true, data: { url: THREAD } }),
    );
    expect(fakes.navigator.setAppBadge).toHaveBeenCalledWith(2);
  });

  it('is left to the app when the person is in it (its own notice tells them), but a window in the background does not count', async () => {
    expect(await showPush(worker([windowAt(THREAD)]).parts, push, robin)).toBe('in the app');
    expect(await showPush(worker([windowAt('/dashboard')]).parts, push, robin)).toBe('in the app');
    expect(await showPush(worker([windowAt(THREAD, { visibilityState: 'hidden', focused: false })]).parts, push, robin)).toBe('shown');
    expect(await showPush(worker([windowAt(THREAD, { focused: false })]).parts, push, robin)).toBe('shown');
  });

  it('shows nothing on a device where its person signed out, and leaves the push service', async () => {
    const { parts, fakes } = worker();
    expect(await showPush(parts, push, async () => undefined)).toBe('dropped');
    expect(await showPush(parts, push, async () => 'sub-someone-else')).toBe('dropped');
    expect(fakes.registration.showNotification).not.toHaveBeenCalled();
    expect(fakes.unsubscribe).toHaveBeenCalledTimes(2);
  });

  it('drops what is not one of ours, and clears the badge when nothing is unread', async () => {
    const { parts, fakes } = worker();
    expect(await showPush(parts, { title: 'Hi' }, robin)).toBe('dropped');
    expect(await showPush(parts, undefined, robin)).toBe('dropped');
    await showPush(parts, { ...push, tag: 'notification:n-1', unread: 0 }, robin);
    expect(fakes.navigator.clearAppBadge).toHaveBeenCalled();
    expect(fakes.registration.showNotification).toHaveBeenCalledWith(push.title, expect.objectContaining({ renotify: false }));
  });
});

describe('a click on a notification', () => {
  it('focuses a window already showing its screen', async () => {
    const showing = windowAt(THREAD, { visibilityState: 'hidden', focused: false });
    const { parts, fakes } = worker([windowAt('/dashboard'), showing]);
    await openScreen(parts, THREAD);
    expect(showing.focus).toHaveBeenCalled();
    expect(fakes.clients.openWindow).not.toHaveBeenCalled();
  });

  it('takes an open window of the app to its screen, or opens one when the app is closed', async () => {
    const open = windowAt('/dashboard');
    await openScreen(worker([open]).parts, THREAD);
    expect(open.postMessage).toHaveBeenCalledWith({ type: 'OPEN_SCREEN', url: THREAD });
    expect(open.focus).toHaveBeenCalled();

    const closed = worker([]);
    await openScreen(closed.parts, '/transaction?transaction=t-1');
    expect(closed.fakes.clients.openWindow).toHaveBeenCalledWith('/transaction?transaction=t-1');
  });

  it('tells a transaction’s screen from another transaction’s by its query', async () => {
    const other = windowAt('/transaction?transaction=t-2');
    const { parts, fakes } = worker([other]);
    await openScreen(parts, '/transaction?transaction=t-1');
    expect(other.postMessage).toHaveBeenCalledWith({ type: 'OPEN_SCREEN', url: '/transaction?transaction=t-1' });
    expect(fakes.clients.openWindow).not.toHaveBeenCalled();
  });
});
