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
import { DefaultFlowLayout } from '../ui/layout/default-flow-layout';
import { MarketingLayout } from '../ui/layout/marketing-layout';
import { navigationLoader } from './navigation';
import { NotFoundScreen } from './not-found';
import { RootShell } from './root-shell';
import { transactionRoutes } from './transaction-pages';

/** An active transaction's sub-pages (SPEC §2.3), each also given with the transaction's id as a segment. */
const ACTIVE_PAGES = {
  'upload-docs': reloadingImport(() => import('../features/documents/upload-docs-page')),
  'view-docs': reloadingImport(() => import('../features/documents/view-docs-page')),
  'view-docs/find-out-why': reloadingImport(() => import('../features/documents/find-out-why-page')),
  'track-delivery': reloadingImport(() => import('../features/dashboard/track-delivery-page')),
  problem: reloadingImport(() => import('../features/dashboard/problem-page')),
};
const activeRoutes: RouteObject[] = Object.entries(ACTIVE_PAGES).flatMap(([path, lazy]) =>
  [path, `${path}/:transactionId`].map((page) => ({ path: `dashboard/active-transactions/${page}`, lazy })),
);

/** A closed sale's tabs (SPEC §2.3), each its own route under the detail page. */
const previousDetailTabs: RouteObject[] = [
  { index: true, lazy: reloadingImport(() => import('../features/dashboard/previous/overview-tab')) },
  { path: 'reports', lazy: reloadingImport(() => import('../features/dashboard/previous/reports-tab')) },
  { path: 'financing', lazy: reloadingImport(() => import('../features/dashboard/previous/financing-tab')) },
  { path: 'insurance', lazy: reloadingImport(() => import('../features/dashboard/previous/insurance-tab')) },
  { path: 'transport', lazy: reloadingImport(() => import('../features/dashboard/previous/transport-tab')) },
  { path: 'care', lazy: reloadingImport(() => import('../features/dashboard/previous/care-tab')) },
  { path: 'care/terms-condition', lazy: reloadingImport(() => import('../features/dashboard/previous/care-terms-page')) },
];

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
          {
            // Applying to the dealer programme, from /dealers: signed in (a visitor signs in or up and comes back).
            loader: guarded('auth'),
            children: [{ path: 'dealers/apply', lazy: reloadingImport(() => import('../features/dealer/apply-page')) }],
          },
          { path: 'help', lazy: reloadingImport(() => import('../features/help/help-page')) },
          { path: 'learn-more', lazy: reloadingImport(() => import('../features/learn-more/index-page')) },
          { path: 'learn-more/:article', lazy: reloadingImport(() => import('../features/learn-more/article-page')) },
          { path: 'legal', lazy: reloadingImport(() => import('../features/legal/index-page')) },
        ],
      },
      { path: 'legal/:policy', lazy: reloadingImport(() => import('../features/legal/policy-page')) },
      {
        // Draws the transaction-flow layout itself, around the deal's steps.
        loader: guarded('auth', 'deal'),
        children: [{ path: 'deal/:dealId/seller', lazy: reloadingImport(() => import('../features/offers/deal-seller-page')) }],
      },
      {
        // Offer congratulations, in the notification-flow layout the page draws (SPEC §2.7).
        loader: guarded('auth', 'offer'),
        children: ['dashboard/caramel-offers/success', 'transaction/offer/success'].map((path) => ({
          path,
          lazy: reloadingImport(() => import('../features/offers/offer-success-page')),
        })),
      },
      {
        // The transaction-flow layout drawn by the shell, around the screen the party's status maps to.
        loader: guarded('auth', 'transaction'),
        lazy: reloadingImport(() => import('../features/transaction/transaction-shell')),
        children: [...transactionRoutes],
      },
      {
        element: <DefaultFlowLayout />,
        children: [
          { path: 'healthcheck', lazy: reloadingImport(() => import('../features/healthcheck/healthcheck-page')) },
          { path: 'start-sale', lazy: reloadingImport(() => import('../features/offers/start-sale-page')) },
          {
            // Guards sit on pathless parents: a route's own static loader would hide its lazy page loader.
            loader: guarded('ungated-offer'),
            children: [
              { path: 'deals', lazy: reloadingImport(() => import('../features/offers/shared-offer-page')) },
              { path: 'transaction/offer', lazy: reloadingImport(() => import('../features/offers/shared-offer-page')) },
            ],
          },
          {
            loader: guarded('auth'),
            children: [
              { path: 'link-offer', lazy: reloadingImport(() => import('../features/offers/link-offer-page')) },
              // A buyer-started sale: the buyer describes the car and offers; then each side's vehicle information.
              { path: 'transaction/information/create', lazy: reloadingImport(() => import('../features/offers/information/create-page')) },
            ],
          },
          {
            loader: guarded('auth', 'offer'),
            children: [
              { path: 'transaction/information', lazy: reloadingImport(() => import('../features/offers/information/information-page')) },
            ],
          },
        ],
      },
      {
        element: <AuthFlowLayout />,
        children: [
          { path: 'sign-in', loader: guarded('signin'), lazy: reloadingImport(() => import('../features/auth/sign-in-page')) },
          { path: 'sign-out', lazy: reloadingImport(() => import('../features/auth/sign-out-page')) },
          { path: 'sign-up', loader: guarded('signin'), lazy: reloadingImport(() => import('../features/auth/sign-up-page')) },
          {
            path: 'sign-up/additional-details',
            loader: guarded('registration-additional-info'),
            lazy: reloadingImport(() => import('../features/auth/additional-details-page')),
          },
          { path: 'sign-up/:policy', lazy: reloadingImport(() => import('../features/auth/sign-up-policy-page')) },
          { path: 'auth/email-check', lazy: reloadingImport(() => import('../features/auth/email-check-page')) },
          { path: 'auth/email-verification', lazy: reloadingImport(() => import('../features/auth/email-verification-page')) },
          { path: 'auth/confirmation-code', lazy: reloadingImport(() => import('../features/auth/challenge-page')) },
          { path: 'auth/forgot-password', lazy: reloadingImport(() => import('../features/auth/forgot-password-page')) },
          { path: 'auth/reset-password', lazy: reloadingImport(() => import('../features/auth/reset-password-page')) },
          {
            loader: guarded('auth'),
            children: [
              { path: 'auth/phone-verification', lazy: reloadingImport(() => import('../features/auth/phone-verification-page')) },
              { path: 'auth/change-password', lazy: reloadingImport(() => import('../features/auth/change-password-page')) },
            ],
          },
        ],
      },
      {
        // Lazy, as the pages in it are: it reads the profile from IndexedDB, and Dexie has no place in a public page's first visit.
        lazy: reloadingImport(() =>
          import('../ui/layout/dashboard-layout').then(({ DashboardLayout }) => ({ Component: DashboardLayout })),
        ),
        loader: guarded('auth'),
        children: [
          { path: 'dashboard', lazy: reloadingImport(() => import('../features/dashboard/welcome-page')) },
          { path: 'dashboard/overview', lazy: reloadingImport(() => import('../features/dashboard/overview-page')) },
          { path: 'dashboard/new-transactions', lazy: reloadingImport(() => import('../features/dashboard/new-transactions-page')) },
          { path: 'dashboard/caramel-code', lazy: reloadingImport(() => import('../features/dashboard/caramel-code-page')) },
          // The signed-in user's own settings sit with the rest of their pages, in the dashboard navigation.
          { path: 'account', lazy: reloadingImport(() => import('../features/auth/account-page')) },
          { path: 'link-account', lazy: reloadingImport(() => import('../features/bank-accounts/link-account-page')) },
          { path: 'dashboard/caramel-offers', lazy: reloadingImport(() => import('../features/offers/offers-dashboard-page')) },
          { path: 'dashboard/messages', lazy: reloadingImport(() => import('../features/messages/threads-page')) },
          { path: 'dashboard/messages/:negotiationId', lazy: reloadingImport(() => import('../features/messages/thread-page')) },
          { path: 'dashboard/dealers', lazy: reloadingImport(() => import('../features/admin/dealers-page')) },
          { path: 'dashboard/partner-keys', lazy: reloadingImport(() => import('../features/admin/partner-keys-page')) },
          { path: 'dashboard/deliveries', lazy: reloadingImport(() => import('../features/admin/deliveries-page')) },
          { path: 'dashboard/disputes', lazy: reloadingImport(() => import('../features/admin/disputes-page')) },
          { path: 'dashboard/disputes/:disputeId', lazy: reloadingImport(() => import('../features/admin/dispute-page')) },
          {
            // SPEC §2.5 dealer financing, behind the dealer check.
            loader: guarded('dealer'),
            children: [
              { path: 'finance', lazy: reloadingImport(() => import('../features/dealer/finance-page')) },
              { path: 'finance/status', lazy: reloadingImport(() => import('../features/dealer/finance-status-page')) },
            ],
          },
          ...['dashboard/active-transactions', 'dashboard/previous-transactions'].map((path) => ({
            path,
            lazy: reloadingImport(() => import('../features/dashboard/active-transactions-page')),
          })),
          {
            // Pages about one transaction: it must be the user's (the transaction guard, dashboard side).
            loader: guarded('transaction'),
            children: [
              ...activeRoutes,
              {
                path: 'dashboard/active-transactions/timeline/:transactionId',
                lazy: reloadingImport(() => import('../features/dashboard/timeline-page')),
              },
              {
                path: 'dashboard/previous-transactions/detail',
                lazy: reloadingImport(() => import('../features/dashboard/previous/detail-layout')),
                children: previousDetailTabs,
              },
            ],
          },
        ],
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
