import { Outlet } from 'react-router-dom';
import { Toaster } from '../ui/toaster';

/** Around every route: the page, and the toast stack that outlives page changes. */
export function RootShell() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
