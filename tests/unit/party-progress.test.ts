import { describe, expect, it } from 'vitest';
import { progressInWords } from '../../src/domain/party-progress';
import { FLOW_MAPPINGS, FLOWS } from '../../src/domain/transaction-flows';
import { FINAL_STATUS, FIRST_STATUS } from '../../src/domain/transaction-transitions';
import { sharedStepsDone, stepOpen } from '../../src/domain/waiting-steps';

describe('the other party’s progress in words', () => {
  it('says something for every status of every flow, of either side', () => {
    for (const flow of FLOWS)
      for (const status of Object.keys(FLOW_MAPPINGS[flow]) as (keyof (typeof FLOW_MAPPINGS)[typeof flow])[]) {
        const words = progressInWords('buyer', flow, status);
        // A dealer's side is named for what it is: the customer reads "Your dealer …".
        expect(words, `${flow} ${status}`).toMatch(
          flow === 'dealer-financing' ? /^Your dealer (is|has) [^.]+\.$/ : /^Your buyer (is|has) [^.]+\.$/,
        );
        expect(words).not.toMatch(/undefined|_/);
      }
  });

  it('tells the step a party is at, and when they are done', () => {
    expect(progressInWords('buyer', 'financed-buyer', FIRST_STATUS['financed-buyer'])).toBe('Your buyer is verifying their identity.');
    expect(progressInWords('seller', 'title-report', 'title_docs_submitted')).toBe(
      'Your seller has sent the title; the title desk is reviewing it.',
    );
    expect(progressInWords('buyer', 'financed-buyer', FINAL_STATUS['financed-buyer'])).toBe(
      'Your buyer has finished their side of the sale.',
    );
  });

  it('names the day the car is picked up once transport is booked, by whoever chose it', () => {
    const booked = { kind: 'Delivery', pickupOn: '2030-05-14' } as const;
    expect(progressInWords('buyer', 'financed-buyer', 'transport_done', booked)).toBe(
      'Your buyer has chosen delivery — the car is picked up on May 14.',
    );
    expect(progressInWords('seller', 'dealer-financing', 'transport_done', booked)).toBe(
      'Your dealer has chosen delivery — the car is picked up on May 14.',
    );
    // A dealer's customer had it chosen for them.
    expect(progressInWords('buyer', 'payment-first', 'transport_done', booked)).toBe('Your buyer is reviewing the price breakdown.');
  });
});

describe('steps both sides walk', () => {
  it('are finished by the move that completes them, and only then', () => {
    expect(sharedStepsDone('financed-buyer', 'identity_address_completed', 'identity_done')).toEqual(['identity']);
    expect(sharedStepsDone('financed-buyer', 'identity_done', 'finance_submitted')).toEqual([]);
    expect(sharedStepsDone('title-report', 'identity_completed', 'identity_done')).toEqual(['identity']);
    expect(sharedStepsDone('financed-buyer', 'signature_completed', 'signature_done')).toEqual(['signature']);
  });

  it('are open for a side that has not finished them, and not for a flow without them', () => {
    expect(stepOpen('title-report', 'identity_started', 'identity')).toBe(true);
    expect(stepOpen('title-report', 'title_done', 'identity')).toBe(false);
    expect(stepOpen('payment-first', 'transport_done', 'identity')).toBe(false);
  });
});
