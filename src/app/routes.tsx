/**
 * The route table (SPEC §2): each area lazy-loaded inside its layout (SPEC §2.7), guards by
 * name (guards.ts), and the navigation pipeline on the root route (navigation.ts). Areas add
 * their routes here as they are built.
 */
import type { RouteObject } from 'react-router-dom';
import { LAYOUT_PAGES, SHOWCASE_PAGES } from '../features/component-library/pages';
import { FatalError } from './fatal-error';
import { guarded } from './guards';
import { AuthFlowLayout } from '../ui/layout/auth-flow-layout';
import { DashboardLayout } from '../ui/layout/dashboard-layout';
import { DefaultFlowLayout } from '../ui/layout/default-flow-layout';
import { MarketingLayout } from '../ui/layout/marketing-layout';
import { navigationLoader } from './navigation';
import { NotFoundScreen } from './not-found';
import { RootShell } from './root-shell';

export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: navigationLoader,
    shouldRevalidate: () => true,
    element: <RootShell />,
    errorElement: <FatalError />,
    hydrateFallbackElement: (
      <p className="section has-text-centered" aria-busy="true">
        Loading…
      </p>
    ),
    children: [
      {
        element: <MarketingLayout />,
        children: [{ index: true, lazy: () => import('../features/marketing/home-page') }],
      },
      {
        element: <DefaultFlowLayout />,
        children: [{ path: 'healthcheck', lazy: () => import('../features/healthcheck/healthcheck-page') }],
      },
      {
        element: <AuthFlowLayout />,
        children: [
          { path: 'sign-in', lazy: () => import('../features/auth/sign-in-page') },
          { path: 'sign-out', lazy: () => import('../features/auth/sign-out-page') },
        ],
      },
      {
        element: <DashboardLayout />,
        loader: guarded('auth'),
        children: [{ path: 'dashboard', lazy: () => import('../features/dashboard/welcome-page') }],
      },
      {
        path: 'component-library',
        lazy: () => import('../features/component-library/showcase'),
        children: [
          { index: true, lazy: () => import('../features/component-library/index-page') },
          ...SHOWCASE_PAGES.map((page) => ({ path: page, lazy: () => import(`../features/component-library/${page}-page.tsx`) })),
          ...LAYOUT_PAGES.map((page) => ({
            path: `layouts/${page}`,
            lazy: () => import(`../features/component-library/layout-${page}-page.tsx`),
          })),
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
