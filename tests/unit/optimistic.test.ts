/**
 * An action waiting in the outbox is laid over the server's copy by one function (optimistic.ts),
 * which every tab reads from IndexedDB: the step it moves to, and — not the server's answer for the
 * status before — the party's own next step, so a second tab's list row and its "Continue" agree
 * with the first tab that acted offline.
 */
import { describe, expect, it } from 'vitest';
import { withAction } from '../../src/data/outbox/optimistic';
import { foldStepData } from '../../src/domain/step-data';
import type { TransactionDetail } from '../../src/domain/transaction-contract';

const atProtection = {
  id: 't-1',
  flow: 'financed-buyer',
  status: 'finance_done',
  version: 9,
  data: foldStepData([]),
  next: {
    who: 'you',
    text: 'Choose your protection, or go without.',
    action: { label: 'Choose protection', to: '/transaction/protection?transaction=t-1' },
  },
} as unknown as TransactionDetail;

describe('an action not sent yet', () => {
  it('moves the copy on to the next step, its next step with it', () => {
    const shown = withAction(atProtection, { event: 'protection skipped', payload: {} });
    expect(shown.status).toBe('protection_done');
    expect(shown.steps.find((step) => step.state === 'current')?.step).toBe('insurance');
    expect(shown.next).toEqual({
      who: 'you',
      text: 'Arrange insurance for the car.',
      action: { label: 'Continue', to: '/transaction?transaction=t-1' },
    });
  });

  it('leaves the server’s next step where it moves no status (a choice changed in place)', () => {
    const changed = withAction({ ...atProtection, status: 'insurance_done' } as TransactionDetail, {
      event: 'finance skipped',
      payload: {},
    });
    expect(changed.next).toBe(atProtection.next);
  });
});
