import { Outlet } from 'react-router-dom';
import { Toaster } from '../ui/toaster';
import { ConnectivityBanner } from './connectivity-banner';
import { ConsentBanner } from './consent-banner';
import { UpdatePrompt } from './update-prompt';

/** Around every route: the page, and what outlives page changes (connectivity, updates, toasts). */
export function RootShell() {
  return (
    <>
      <ConnectivityBanner />
      <Outlet />
      <UpdatePrompt />
      <ConsentBanner />
      <Toaster />
    </>
  );
}
