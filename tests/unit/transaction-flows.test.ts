import { describe, expect, it } from 'vitest';
import {
  destinationFor,
  FLOW_MAPPINGS,
  FLOW_ROUTES,
  FLOWS,
  STEP_STATUSES,
  STEP_VIEWS,
  stepOf,
  TRANSACTION_STATUSES,
  type FlowRoute,
  type TransactionStatus,
  type ViewScreen,
} from '../../src/domain/transaction-flows';

/** The screen whose views a route shows. */
const SCREEN_OF: Record<FlowRoute, ViewScreen | null> = {
  identity: 'identity',
  financing: 'financing',
  protection: 'protection',
  insurance: 'insurance',
  transport: 'transport',
  'transport status': 'transport',
  payment: 'payment',
  signature: 'signature',
  'signature success': 'signature',
  title: 'title',
  'title status': 'title',
  inspection: 'inspection',
  'inspection success': 'inspection',
  'dealer finance': null,
  'dealer finance status': null,
  home: null,
};

describe('transaction statuses (SPEC §4.2)', () => {
  it('lists every status once, each under its step', () => {
    const total = Object.values(STEP_STATUSES).reduce((sum, statuses) => sum + statuses.length, 0);
    expect(TRANSACTION_STATUSES).toHaveLength(total);
    expect(new Set(TRANSACTION_STATUSES).size).toBe(total);
    for (const status of TRANSACTION_STATUSES) expect(status.startsWith(`${stepOf(status)}_`)).toBe(true);
    expect(stepOf('signature_gov_id_failed_manual_review')).toBe('signature');
    expect(stepOf('identity_updated_address_completed')).toBe('identity');
  });
});

describe('the four flow mappings', () => {
  for (const flow of FLOWS) {
    for (const [status, destination] of Object.entries(FLOW_MAPPINGS[flow])) {
      it(`${flow}: ${status} → ${destination.route}${destination.view ? `, ${destination.view}` : ''}`, () => {
        expect(TRANSACTION_STATUSES).toContain(status);
        expect(FLOW_ROUTES[destination.route]).toMatch(/^\//);
        if (destination.view) {
          const screen = SCREEN_OF[destination.route];
          expect(screen, `${destination.route} has no views`).not.toBeNull();
          expect(STEP_VIEWS[screen!] as readonly string[]).toContain(destination.view);
        }
      });
    }
  }

  it('sends each party to a path and view', () => {
    expect(destinationFor('financed-buyer', 'identity_address_failed')).toEqual({
      path: '/transaction/identity',
      view: 'manual address form',
    });
    expect(destinationFor('financed-buyer', 'finance_completed')).toEqual({ path: '/transaction/financing' });
    expect(destinationFor('title-report', 'signature_done')).toEqual({ path: '/' });
    expect(destinationFor('dealer-financing', 'protection_done')).toEqual({ path: '/finance/status' });
    expect(destinationFor('payment-first', 'signature_gov_id_failed_manual_review')).toEqual({
      path: '/transaction/signature',
      view: 'gov id manual review failed',
    });
    expect(destinationFor('payment-first', 'identity_started' as TransactionStatus)).toBeUndefined();
  });

  it('maps every signature status in the financed-buyer flow (SPEC: "every signature_* status")', () => {
    for (const status of STEP_STATUSES.signature) expect(FLOW_MAPPINGS['financed-buyer'][`signature_${status}`]).toBeDefined();
  });
});
