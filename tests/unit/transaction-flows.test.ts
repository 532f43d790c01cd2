import { describe, expect, it } from 'vitest';
import {
  destinationFor,
  FLOW_MAPPINGS,
  FLOWS,
  groupOf,
  STATUS_GROUPS,
  TRANSACTION_STATUSES,
  type TransactionStatus,
} from '../../src/domain/transaction-flows';
import { SCREENS, STEP_VIEWS } from '../../src/domain/transaction-steps';

describe('transaction statuses (SPEC §4.2)', () => {
  it('lists every status once, each under its group', () => {
    const total = Object.values(STATUS_GROUPS).reduce((sum, statuses) => sum + statuses.length, 0);
    expect(TRANSACTION_STATUSES).toHaveLength(total);
    expect(new Set(TRANSACTION_STATUSES).size).toBe(total);
    for (const status of TRANSACTION_STATUSES) expect(status.startsWith(`${groupOf(status)}_`)).toBe(true);
    expect(groupOf('signature_gov_id_failed_manual_review')).toBe('signature');
    expect(groupOf('identity_updated_address_completed')).toBe('identity');
  });
});

describe('the four flow mappings', () => {
  for (const flow of FLOWS) {
    for (const [status, destination] of Object.entries(FLOW_MAPPINGS[flow])) {
      it(`${flow}: ${status} → ${destination.screen}${destination.view ? `, ${destination.view}` : ''}`, () => {
        expect(TRANSACTION_STATUSES).toContain(status);
        expect(SCREENS[destination.screen].path).toMatch(/^\//);
        if (destination.view) expect(STEP_VIEWS[SCREENS[destination.screen].step] as readonly string[]).toContain(destination.view);
      });
    }
  }

  it('sends each party to a path and view', () => {
    expect(destinationFor('financed-buyer', 'identity_address_failed')).toEqual({
      path: '/transaction/identity',
      view: 'manual address form',
    });
    expect(destinationFor('financed-buyer', 'finance_completed')).toEqual({ path: '/transaction/financing' });
    expect(destinationFor('title-report', 'signature_done')).toEqual({ path: '/dashboard' });
    expect(destinationFor('dealer-financing', 'protection_done')).toEqual({ path: '/finance/status' });
    expect(destinationFor('payment-first', 'signature_gov_id_failed_manual_review')).toEqual({
      path: '/transaction/signature',
      view: 'gov id manual review failed',
    });
    expect(destinationFor('payment-first', 'identity_started' as TransactionStatus)).toBeUndefined();
  });

  it('maps every signature status in the financed-buyer flow (SPEC: "every signature_* status")', () => {
    for (const status of STATUS_GROUPS.signature) expect(FLOW_MAPPINGS['financed-buyer'][`signature_${status}`]).toBeDefined();
  });
});
