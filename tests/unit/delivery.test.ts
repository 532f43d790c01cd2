import { describe, expect, it } from 'vitest';
import {
  clockWords,
  decideDisputeSchema,
  decisionWords,
  deliveryState,
  DISPUTE_DECISIONS,
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUSES,
  DISPUTE_TRANSITIONS,
  nextDisputeStatus,
  timeLeft,
} from '../../src/domain/delivery';
import { readClock } from '../../src/ui/clock';

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

describe('a dispute’s statuses', () => {
  it('are decided once, from open: every decision leads to its own final status, and nothing leaves a decided case', () => {
    for (const status of DISPUTE_STATUSES) {
      expect(DISPUTE_STATUS_LABELS[status]).toBeTruthy();
      for (const decision of DISPUTE_DECISIONS) {
        const next = nextDisputeStatus(status, decision);
        if (status === 'open') expect(next).toBe(DISPUTE_TRANSITIONS.open[decision]);
        else expect(next).toBeUndefined();
      }
    }
    expect(new Set(DISPUTE_DECISIONS.map((decision) => nextDisputeStatus('open', decision))).size).toBe(DISPUTE_DECISIONS.length);
  });

  it('asks a partial refund for its amount and a full refund for the car back, naming the field', () => {
    const base = { reason: 'The scratch was not disclosed.', idempotencyKey: crypto.randomUUID() };
    const partial = decideDisputeSchema.safeParse({ ...base, decision: 'partial refund' });
    expect(partial.success).toBe(false);
    expect(partial.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['refundCents']);
    const full = decideDisputeSchema.safeParse({ ...base, decision: 'full refund' });
    expect(full.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['carReturned', expect.stringContaining('once the car is back')],
    ]);
    expect(decideDisputeSchema.safeParse({ ...base, decision: 'full refund', carReturned: true }).success).toBe(true);
    expect(decideDisputeSchema.safeParse({ ...base, decision: 'release' }).success).toBe(true);
  });

  it('words each decision for the parties', () => {
    expect(decisionWords({ decision: 'partial refund', refundCents: 45_000 })).toBe(
      'refunded $450 to the buyer and paid the rest to the seller',
    );
    expect(decisionWords({ decision: 'release', refundCents: 0 })).toBe('released the money held to the seller');
  });

  it('says what a decision will do before it is made, for the admin checking it', () => {
    expect(decisionWords({ decision: 'partial refund', refundCents: 45_000 }, null, 'to come')).toBe(
      'will refund $450 to the buyer and pay the rest to the seller',
    );
    expect(decisionWords({ decision: 'release', refundCents: 0 }, null, 'to come')).toBe('will release the money held to the seller');
    expect(decisionWords({ decision: 'full refund', refundCents: 0 }, null, 'to come')).toBe(
      'will refund the buyer in full, the car back with the seller',
    );
  });
});

describe('the delivery clock', () => {
  const now = Date.UTC(2026, 10, 26, 12);
  it('reads as each side sees it, in hours and minutes left, rounded down', () => {
    const releasesAt = at(now + 40.2 * HOUR);
    expect(clockWords({ side: 'buyer', releasesAt }, now)).toBe('The seller is paid in 40 h 12 min unless you raise a problem.');
    expect(clockWords({ side: 'seller', releasesAt }, now)).toBe('Releases in 40 h 12 min unless the buyer raises a problem.');
    expect(timeLeft(at(now + 2 * HOUR), now)).toBe('2 h');
    expect(timeLeft(at(now + 25 * 60_000), now)).toBe('25 min');
    expect(timeLeft(at(now + 30_000), now)).toBe('less than a minute');
    expect(timeLeft(at(now - HOUR), now)).toBe('less than a minute');
    expect(clockWords({ side: 'buyer', releasesAt: null }, now)).toBe('');
  });

  it('never says more time is left than is: a page open since before the handover reads 47 h 59 min, not 49 h', () => {
    // The handover at `now`; the page's clock last read a minute earlier, which is what overstated before.
    const releasesAt = at(now + 48 * HOUR);
    expect(timeLeft(releasesAt, readClock(60_000, now + 1))).toBe('47 h 59 min');
    for (let offset = 0; offset < 48 * HOUR; offset += 7_919_917) {
      const real = now + offset;
      const [hours, minutes] = timeLeft(releasesAt, readClock(60_000, real))
        .replace('less than a minute', '0 min')
        .match(/(?:(\d+) h)? ?(?:(\d+) min)?/)!
        .slice(1)
        .map((part) => Number(part ?? 0));
      expect((hours! * 60 + minutes!) * 60_000).toBeLessThanOrEqual(Date.parse(releasesAt) - real);
    }
  });

  it('stands where the deal’s facts say: a case holds the clock, a decision or a confirmation ends it', () => {
    const dispute = (status: (typeof DISPUTE_STATUSES)[number]) => ({ status }) as never;
    expect(deliveryState({ handedOverAt: null, confirmedAt: null, dispute: null })).toBe('waiting for handover');
    expect(deliveryState({ handedOverAt: at(now), confirmedAt: null, dispute: null })).toBe('clock running');
    expect(deliveryState({ handedOverAt: at(now), confirmedAt: null, dispute: dispute('open') })).toBe('disputed');
    expect(deliveryState({ handedOverAt: at(now), confirmedAt: at(now), dispute: dispute('partly refunded') })).toBe('confirmed');
    expect(deliveryState({ handedOverAt: at(now), confirmedAt: null, dispute: dispute('refunded') })).toBe('refunded');
  });
});
