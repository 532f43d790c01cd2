/**
 * A sale is closed only when it is done (DESIGN.md §5, src/domain/sale-state.ts): the stage each
 * fact leads to, the status line each side reads, the one rule that says when the car can change
 * hands, the next step it names with its deadline, and the money's words, which the delivery panel
 * and "What happens next" share.
 */
import { describe, expect, it } from 'vitest';
import { whyNoHandover, type HandoverFacts } from '../../src/domain/delivery';
import { handoverNext, type HandoverNextInput } from '../../src/domain/handover-next';
import { moneyTimeline } from '../../src/domain/money-timeline';
import { payoutWords } from '../../src/domain/money-words';
import { priceBreakdown } from '../../src/domain/pricing';
import { isFinished, saleOf, saleWords, type Sale, type SaleFacts } from '../../src/domain/sale-state';
import { sellerPayout } from '../../src/domain/seller-pricing';
import { settlementPlan } from '../../src/domain/settlement';

const handedOver = new Date('2026-12-01T14:05:00Z');
const due = new Date('2026-12-03T14:05:00Z');
const facts = (more: Partial<SaleFacts> = {}): SaleFacts => ({
  cancelled: false,
  bothSigned: true,
  deliveryDueAt: null,
  deliveryConfirmedAt: null,
  dispute: null,
  closedAt: null,
  ...more,
});

describe('where a sale stands', () => {
  it('is closed only once it closed: signed, handed over, checked, confirmed', () => {
    expect(saleOf(facts({ bothSigned: false })).stage).toBe('in progress');
    expect(saleOf(facts()).stage).toBe('waiting for handover');
    expect(saleOf(facts({ deliveryDueAt: due }))).toEqual({ stage: 'clock running', releasesAt: due.toISOString(), closedAt: null });
    expect(saleOf(facts({ deliveryDueAt: due, dispute: 'open' })).stage).toBe('disputed');
    expect(saleOf(facts({ deliveryDueAt: due, deliveryConfirmedAt: handedOver })).stage).toBe('finishing');
    expect(saleOf(facts({ deliveryDueAt: due, deliveryConfirmedAt: handedOver, closedAt: handedOver })).stage).toBe('closed');
    expect(saleOf(facts({ deliveryDueAt: due, dispute: 'refunded' })).stage).toBe('refunded');
    expect(saleOf(facts({ cancelled: true })).stage).toBe('cancelled');
    expect(['closed', 'refunded', 'cancelled'].every((stage) => isFinished({ stage: stage as Sale['stage'] }))).toBe(true);
    expect(
      ['in progress', 'waiting for handover', 'clock running', 'disputed', 'finishing'].some((stage) =>
        isFinished({ stage: stage as Sale['stage'] }),
      ),
    ).toBe(false);
  });

  it('says what it waits for, to each side, with the buyer’s deadline', () => {
    const running = saleOf(facts({ deliveryDueAt: due }));
    expect(saleWords(saleOf(facts()), 'buyer')).toBe('Signed · waiting for the handover');
    expect(saleWords(running, 'buyer', 'UTC')).toBe('Delivered · check the car by Thu, Dec 3, 2:05 PM UTC');
    expect(saleWords(running, 'seller', 'UTC')).toBe('Delivered · the buyer checks the car until Thu, Dec 3, 2:05 PM UTC');
    expect(saleWords(saleOf(facts({ closedAt: handedOver })), 'seller', 'UTC')).toBe('Closed Dec 1');
    expect(saleWords(saleOf(facts({ bothSigned: false })), 'seller')).toBeNull();
  });
});

describe('when the car can change hands', () => {
  const ready: HandoverFacts = { buyerTakesReceipt: true, bothSigned: true, paid: true, arrangement: 'none' };
  it('in every arrangement: the buyer’s word where no vendor carries it, the vendor’s where one does, both records always', () => {
    for (const arrangement of ['none', 'pickup', 'arranged'] as const) {
      expect(whyNoHandover('vehicle received', { ...ready, arrangement })).toBeNull();
      expect(whyNoHandover('vehicle delivered', { ...ready, arrangement })).not.toBeNull();
    }
    expect(whyNoHandover('vehicle received', { ...ready, arrangement: 'vendor delivery' })).toMatch(/driver hands it over/);
    expect(whyNoHandover('vehicle delivered', { ...ready, arrangement: 'vendor delivery' })).toBeNull();
    for (const arrangement of ['none', 'pickup', 'arranged', 'vendor delivery'] as const)
      expect(whyNoHandover('handover recorded by both', { ...ready, paid: false, arrangement })).toBeNull();
  });

  it('not before both have signed and the payment cleared', () => {
    expect(whyNoHandover('vehicle received', { ...ready, bothSigned: false })).toMatch(/both of you have signed/);
    expect(whyNoHandover('handover recorded by both', { ...ready, bothSigned: false })).toMatch(/both of you have signed/);
    expect(whyNoHandover('vehicle received', { ...ready, paid: false })).toMatch(/payment has cleared/);
    expect(whyNoHandover('vehicle received', { ...ready, buyerTakesReceipt: false })).not.toBeNull();
  });
});

describe('the next step once both have signed', () => {
  const base: HandoverNextInput = {
    transactionId: 'tx-1',
    side: 'buyer',
    sale: saleOf(facts()),
    shipment: null,
    arrangement: 'none',
    partiesArrange: true,
  };
  const place = { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' };
  const plan = (more: object) => ({
    ...base,
    arrangement: 'arranged' as const,
    shipment: {
      vendor: null,
      pickupWindow: null,
      deliveryWindow: null,
      appointment: {
        day: '2026-12-05',
        time: '14:30',
        method: 'pickup' as const,
        place,
        proposedBy: 'seller' as const,
        proposedAt: '',
        agreedAt: null,
        ...more,
      },
    },
  });

  it('asks the parties to arrange the handover where no flow books transport, and names the side each move waits on', () => {
    expect(handoverNext(base)).toMatchObject({ who: 'you', action: { label: 'Arrange the handover' } });
    expect(handoverNext(plan({}))).toMatchObject({
      who: 'you',
      text: 'Agree to the handover the seller proposed, a pickup at 500 Congress Ave, Austin, TX 78701 on Sat, Dec 5 at 2:30 PM, or propose another.',
    });
    expect(handoverNext({ ...plan({}), side: 'seller' })).toMatchObject({
      who: 'buyer',
      text: expect.stringMatching(/^Waiting for the buyer to agree/),
    });
    expect(handoverNext(plan({ agreedAt: '2026-12-01T10:00:00Z' }))?.text).toBe(
      'Collect the car at 500 Congress Ave, Austin, TX 78701 on Sat, Dec 5 at 2:30 PM, then say you have it.',
    );
    expect(handoverNext({ ...plan({ agreedAt: 'x', method: 'drop-off' }), side: 'seller' })?.text).toMatch(
      /^Bring the car to the buyer at/,
    );
  });

  it('gives the buyer’s check its deadline, to both sides', () => {
    const sale = saleOf(facts({ deliveryDueAt: due }));
    expect(handoverNext({ ...base, sale })).toMatchObject({
      who: 'you',
      action: { label: 'Confirm delivery' },
      deadline: due.toISOString(),
    });
    expect(handoverNext({ ...base, sale, side: 'seller' })).toMatchObject({ who: 'buyer', deadline: due.toISOString() });
    expect(handoverNext({ ...base, sale: saleOf(facts({ deliveryDueAt: due, dispute: 'open' })) })).toMatchObject({ who: 'Caramel' });
    expect(handoverNext({ ...base, sale: saleOf(facts({ closedAt: handedOver })) })).toBeUndefined();
  });
});

describe('the seller’s payout, in one sentence', () => {
  const breakdown = priceBreakdown({ priceDollars: 18_500, state: 'TX' });
  const payout = sellerPayout({ priceDollars: 18_500, lien: null, titleInSellerName: true });
  const plan = settlementPlan(breakdown, payout);
  const journal = (release: string, transferId: string) => ({
    key: `release:${release}`,
    reason: release,
    transferId,
    at: '2026-12-01T10:00:00.000Z',
    lines: [
      { account: 'held' as const, cents: -925_000 },
      { account: 'seller payout' as const, cents: 925_000 },
    ],
  });
  const transfer = (id: string, status: 'pending' | 'settled') => ({
    id,
    purpose: 'seller payout',
    cents: 925_000,
    status,
    returnReason: null,
    at: '2026-12-01T10:00:00.000Z',
    party: 'First Platypus Bank ••6789',
  });

  it('says the rest is on its way once delivery is confirmed, though the bank has not settled it (never "once delivery is confirmed")', () => {
    const money = moneyTimeline(
      'seller',
      plan,
      [journal('seller payout 1', 't1'), journal('seller payout 2', 't2')],
      [transfer('t1', 'settled'), transfer('t2', 'pending')],
      0,
    );
    const words = payoutWords(money, saleOf(facts({ deliveryDueAt: due, deliveryConfirmedAt: due })));
    expect(words).toBe(
      'The first part, $9,250, is paid (December 1, 2026); the rest, $9,250, is on its way to your bank (sent December 1, 2026).',
    );
    expect(words).not.toMatch(/once .*delivery/);
  });

  it('says what the rest waits for at each stage', () => {
    const money = moneyTimeline('seller', plan, [journal('seller payout 1', 't1')], [transfer('t1', 'settled')], 0);
    expect(payoutWords(money, saleOf(facts({ deliveryDueAt: due })), 'UTC')).toMatch(
      /the rest, \$9,250, when the buyer confirms delivery, or when their time to check the car ends \(Thu, Dec 3, 2:05 PM UTC\)/,
    );
    expect(payoutWords(money, saleOf(facts({ deliveryDueAt: due, dispute: 'open' })))).toMatch(/once Caramel decides the case/);
    expect(payoutWords(money, saleOf(facts()))).toMatch(/once the car is handed over and the buyer confirms delivery/);
  });
});
