/**
 * The page of every screen drawn in the transaction shell (SCREENS in src/domain): the paths come
 * from that table, and a screen added there without a page here is a type error.
 */
import type { RouteObject } from 'react-router-dom';
import { TRANSACTION_ENTRY } from '../domain/transaction-steps';
import { SCREENS, SHELL_SCREENS, type ShellScreen } from '../domain/transaction-steps';
import { reloadingImport } from './chunk-reload';

type LazyPage = NonNullable<RouteObject['lazy']>;

const PAGES: Record<ShellScreen, LazyPage> = {
  identity: reloadingImport(() => import('../features/transaction/identity/identity-step')),
  financing: reloadingImport(() => import('../features/transaction/financing/financing-step')),
  protection: reloadingImport(() => import('../features/transaction/protection/protection-step')),
  'caramel care': reloadingImport(() => import('../features/transaction/protection/caramel-care-page')),
  insurance: reloadingImport(() => import('../features/transaction/insurance/insurance-step')),
  transport: reloadingImport(() => import('../features/transaction/transport/transport-step')),
  'transport status': reloadingImport(() => import('../features/transaction/transport/transport-status-page')),
  payment: reloadingImport(() => import('../features/transaction/payment/payment-step')),
  'payment success': reloadingImport(() => import('../features/transaction/payment/payment-success-page')),
  'registered owners': reloadingImport(() => import('../features/transaction/payment/registered-owners-form')),
  title: reloadingImport(() => import('../features/transaction/title/title-step')),
  'title status': reloadingImport(() => import('../features/transaction/title/title-step')),
  signature: reloadingImport(() => import('../features/transaction/signature/signature-step')),
  'signature success': reloadingImport(() => import('../features/transaction/signature/signature-success-page')),
  inspection: reloadingImport(() => import('../features/transaction/inspection/inspection-step')),
  'inspection success': reloadingImport(() => import('../features/transaction/inspection/inspection-step')),
  "what's next": reloadingImport(() => import('../features/transaction/inspection/whats-next-page')),
  'vehicle verification pause': reloadingImport(() => import('../features/transaction/title/pause-page')),
  'agent authorization': reloadingImport(() => import('../features/transaction/title/agent-authorization-page')),
};

export const transactionRoutes: RouteObject[] = [
  // The way in from outside (transactionEntry): no step of its own, so the guard sends the party to where their status is.
  { path: TRANSACTION_ENTRY.slice(1), Component: () => null },
  ...SHELL_SCREENS.map((screen) => ({ path: SCREENS[screen].path.slice(1), lazy: PAGES[screen] })),
];
