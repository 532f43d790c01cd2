/**
 * The route table (SPEC §2): each area lazy-loaded inside its layout (SPEC §2.7), guards by
 * name (guards.ts), and the navigation pipeline on the root route (navigation.ts). Areas add
 * their routes here as they are built.
 */
import type { RouteObject } from 'react-router-dom';
import { LAYOUT_PAGES, SHOWCASE_PAGES } from '../features/component-library/pages';
import { reloadingImport } from './chunk-reload';
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
        children: [
          { index: true, lazy: reloadingImport(() => import('../features/marketing/home-page')) },
          ...['about', 'how-it-works', 'dealers'].map((path) => ({
            path,
            lazy: reloadingImport(() => import('../features/marketing/content-page')),
          })),
          { path: 'help', lazy: reloadingImport(() => import('../features/help/help-page')) },
          { path: 'learn-more', lazy: reloadingImport(() => import('../features/learn-more/index-page')) },
          { path: 'learn-more/:article', lazy: reloadingImport(() => import('../features/learn-more/article-page')) },
          { path: 'legal', lazy: reloadingImport(() => import('../features/legal/index-page')) },
        ],
      },
      { path: 'legal/:policy', lazy: reloadingImport(() => import('../features/legal/policy-page')) },
      {
        element: <DefaultFlowLayout />,
        children: [{ path: 'healthcheck', lazy: reloadingImport(() => import('../features/healthcheck/healthcheck-page')) }],
      },
      {
        element: <AuthFlowLayout />,
        children: [
          { path: 'sign-in', lazy: reloadingImport(() => import('../features/auth/sign-in-page')) },
          { path: 'sign-out', lazy: reloadingImport(() => import('../features/auth/sign-out-page')) },
        ],
      },
      {
        element: <DashboardLayout />,
        loader: guarded('auth'),
        children: [{ path: 'dashboard', lazy: reloadingImport(() => import('../features/dashboard/welcome-page')) }],
      },
      {
        path: 'component-library',
        lazy: reloadingImport(() => import('../features/component-library/showcase')),
        children: [
          { index: true, lazy: reloadingImport(() => import('../features/component-library/index-page')) },
          ...SHOWCASE_PAGES.map((page) => ({
            path: page,
            lazy: reloadingImport(() => import(`../features/component-library/${page}-page.tsx`)),
          })),
          ...LAYOUT_PAGES.map((page) => ({
            path: `layouts/${page}`,
            lazy: reloadingImport(() => import(`../features/component-library/layout-${page}-page.tsx`)),
          })),
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
