import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { keepOfflineReady, servedByServiceWorker } from '../data/device/service-worker';
import { Toaster } from '../ui/toaster';
import { ConnectivityBanner } from './connectivity-banner';
import { ConsentBanner } from './consent-banner';

// Not needed for the first paint: fetched right after it, so it does not delay the page's text.
// The consent banner is part of the first paint (and of prerendered pages), so it never pops in late.
// A first visit has no installed version to update: keepOfflineReady registers the service worker with the browser's own call.
const UpdatePrompt = lazy(() => import('./update-prompt').then((module) => ({ default: module.UpdatePrompt })));
const updatable = servedByServiceWorker();

/** Around every route: the page, and what outlives page changes (connectivity, updates, consent, toasts). */
export function RootShell() {
  // The prerendered copy of the page (if any) was just replaced: its head tags go in the same
  // task as React's own arrive, so the page never has none or two.
  useLayoutEffect(() => {
    document.getElementById('root')?.removeAttribute('data-prerendered');
    document.head.querySelectorAll('[data-prerendered]').forEach((tag) => tag.remove());
  }, []);
  useEffect(() => keepOfflineReady(), []);
  useScreensOpenedByNotifications();
  return (
    <>
      <ConnectivityBanner />
      <Outlet />
      {updatable && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      <ConsentBanner />
      <Toaster />
    </>
  );
}

/** A notification clicked while this window was open: the service worker asks it to show the notification's screen. */
function useScreensOpenedByNotifications() {
  const navigate = useNavigate();
  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!worker) return;
    const open = (event: MessageEvent) => {
      const { type, url } = (event.data ?? {}) as { type?: string; url?: unknown };
      if (type === 'OPEN_SCREEN' && typeof url === 'string' && url.startsWith('/')) navigate(url);
    };
    worker.addEventListener('message', open);
    return () => worker.removeEventListener('message', open);
  }, [navigate]);
}
