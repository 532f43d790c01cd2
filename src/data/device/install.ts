/**
 * Installing the app to the home screen: Chromium's deferred `beforeinstallprompt`, or the
 * manual steps on iOS Safari, which has no prompt. UI state (valtio).
 */
import { proxy } from 'valtio/vanilla';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const isStandalone = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true);
const isIosSafari = () =>
  typeof navigator !== 'undefined' &&
  /iP(hone|ad|od)/.test(navigator.userAgent) &&
  /Safari/.test(navigator.userAgent) &&
  !/CriOS|FxiOS/.test(navigator.userAgent);

export const install = proxy({
  /** 'prompt': the browser can install; 'ios': show the Share → Add to Home Screen steps. */
  mode: (isStandalone() ? 'none' : isIosSafari() ? 'ios' : 'none') as 'none' | 'prompt' | 'ios',
});

let deferred: InstallPromptEvent | undefined;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // keep it for the menu's "Install app" instead of the browser's own bar
    deferred = event as InstallPromptEvent;
    install.mode = 'prompt';
  });
  window.addEventListener('appinstalled', () => {
    deferred = undefined;
    install.mode = 'none';
  });
}

export async function promptInstall(): Promise<void> {
  if (!deferred) return;
  await deferred.prompt();
  const { outcome } = await deferred.userChoice;
  if (outcome === 'accepted') install.mode = 'none';
  deferred = undefined;
}

/**
 * Asks the browser to keep this site's storage under pressure, when a signed-in user starts work
 * that must survive (an upload, a transaction step). Chromium decides silently; never throws.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  return (await navigator.storage?.persist?.().catch(() => false)) ?? false;
}
