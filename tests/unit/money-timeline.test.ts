/** Each party's money list (src/domain/money-timeline.ts) holds only that party's money: a seller reads their own fee, or none. */
import { describe, expect, it } from 'vitest';
import { moneyTimeline } from '../../src/domain/money-timeline';
import { FEES, priceBreakdown } from '../../src/domain/pricing';
import { sellerPayout } from '../../src/domain/seller-pricing';
import { settlementPlan } from '../../src/domain/settlement';

function deal(priceDollars: number, titleInSellerName: boolean) {
  const breakdown = priceBreakdown({ priceDollars, state: 'CA' });
  const payout = sellerPayout({ priceDollars, lien: null, titleInSellerName });
  return { payout, plan: settlementPlan(breakdown, payout) };
}

const feeLine = (timeline: ReturnType<typeof moneyTimeline>) => timeline.items.find((item) => item.label.startsWith('Caramel'));

describe('the money each party reads', () => {
  it('shows a seller who owes no fee no fee line, though the buyer’s fee is released with the fees', () => {
    const { payout, plan } = deal(20_000, true);
    expect(payout.feeCents).toBe(0);
    expect(plan.releases.find((release) => release.id === 'fees')?.cents).toBe(FEES.platformCents);
    expect(feeLine(moneyTimeline('seller', plan, [], [], payout.feeCents))).toBeUndefined();
  });

  it('shows a seller who owes a fee that fee alone, scheduled and then released', () => {
    const { payout, plan } = deal(3_000, false);
    expect(payout.feeCents).toBeGreaterThan(0);
    expect(feeLine(moneyTimeline('seller', plan, [], [], payout.feeCents))).toMatchObject({
      label: 'Caramel seller fee',
      cents: payout.feeCents,
      state: 'scheduled',
    });
    const released = moneyTimeline(
      'seller',
      plan,
      [
        {
          key: 'release:fees',
          reason: 'fees',
          transferId: null,
          at: '2026-11-25T10:00:00.000Z',
          lines: [
            { account: 'held', cents: -(FEES.platformCents + payout.feeCents) },
            { account: 'revenue', cents: FEES.platformCents + payout.feeCents },
          ],
        },
      ],
      [],
      payout.feeCents,
    );
    expect(feeLine(released)).toMatchObject({ label: 'Caramel seller fee', cents: payout.feeCents, state: 'released' });
  });
});
