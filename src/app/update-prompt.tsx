import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { DEFAULT_UPDATE_CHECK_MS, watchForNewBuild } from '../data/device/app-update';
import { runtimeConfig } from '../data/api/runtime-config';
import { hasUnsavedWork } from '../data/device/unsaved-work';
import { Button } from '../ui/button';

/**
 * Registers the service worker (prompt mode) and offers a new version once it is waiting.
 * The user's Reload is always honoured; on its own the app only takes the update on the next
 * navigation, and never while a form or an upload holds unsaved work.
 */
export function UpdatePrompt() {
  const registration = useRef<ServiceWorkerRegistration | undefined>(undefined);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registered) => {
      registration.current = registered;
    },
    onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
  });

  useEffect(() => {
    const seconds = runtimeConfig().updateCheckIntervalSeconds;
    return watchForNewBuild(__BUILD_ID__, seconds ? seconds * 1000 : DEFAULT_UPDATE_CHECK_MS, () => void registration.current?.update());
  }, []);

  const { key } = useLocation();
  const previousKey = useRef(key);
  useEffect(() => {
    if (previousKey.current === key) return;
    previousKey.current = key;
    if (needRefresh && !hasUnsavedWork()) void updateServiceWorker(true);
  }, [key, needRefresh, updateServiceWorker]);

  if (!needRefresh) return null;
  return (
    <div className="notification is-info update-prompt" role="status">
      <p>A new version is available</p>
      <Button size="small" variant="secondary" onClick={() => void updateServiceWorker(true)}>
        Reload
      </Button>
    </div>
  );
}
