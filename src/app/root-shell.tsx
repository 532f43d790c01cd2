import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Toaster } from '../ui/toaster';
import { ConnectivityBanner } from './connectivity-banner';

// Not needed for the first paint: fetched right after it, so they do not delay the page's text.
const UpdatePrompt = lazy(() => import('./update-prompt').then((module) => ({ default: module.UpdatePrompt })));
const ConsentBanner = lazy(() => import('./consent-banner').then((module) => ({ default: module.ConsentBanner })));

/** Around every route: the page, and what outlives page changes (connectivity, updates, consent, toasts). */
export function RootShell() {
  return (
    <>
      <ConnectivityBanner />
      <Outlet />
      <Suspense fallback={null}>
        <UpdatePrompt />
        <ConsentBanner />
      </Suspense>
      <Toaster />
    </>
  );
}
