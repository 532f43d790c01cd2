import { lazy, Suspense, useLayoutEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { Toaster } from '../ui/toaster';
import { ConnectivityBanner } from './connectivity-banner';
import { ConsentBanner } from './consent-banner';

// Not needed for the first paint: fetched right after it, so it does not delay the page's text.
// The consent banner is part of the first paint (and of prerendered pages), so it never pops in late.
const UpdatePrompt = lazy(() => import('./update-prompt').then((module) => ({ default: module.UpdatePrompt })));

/** Around every route: the page, and what outlives page changes (connectivity, updates, consent, toasts). */
export function RootShell() {
  // The prerendered copy of the page (if any) was just replaced: its head tags go in the same
  // task as React's own arrive, so the page never has none or two.
  useLayoutEffect(() => {
    document.getElementById('root')?.removeAttribute('data-prerendered');
    document.head.querySelectorAll('[data-prerendered]').forEach((tag) => tag.remove());
  }, []);
  return (
    <>
      <ConnectivityBanner />
      <Outlet />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
      <ConsentBanner />
      <Toaster />
    </>
  );
}
