import { describe, expect, it } from 'vitest';
import { SELLER_FEE_CENTS, sellerPayout } from '../../src/domain/seller-pricing';

const lien = (payoffCents: number) => ({ lender: 'Harbor Credit Union', payoffCents });

describe('the seller’s fee and payout', () => {
  it('charges no fee for an ordinary sale of $1,000 or more, and $95 just under', () => {
    expect(sellerPayout({ priceDollars: 20_000, lien: null, titleInSellerName: true })).toMatchObject({
      feeCents: 0,
      payoutCents: 2_000_000,
    });
    expect(sellerPayout({ priceDollars: 1_000, lien: null, titleInSellerName: true })).toMatchObject({ feeCents: 0, payoutCents: 100_000 });
    const under = sellerPayout({ priceDollars: 999, lien: null, titleInSellerName: true });
    expect(under).toMatchObject({ feeCents: SELLER_FEE_CENTS, payoutCents: 99_900 - SELLER_FEE_CENTS });
    expect(under.feeReasons).toEqual(['the price is under $1,000']);
  });

  it('charges $95 when there is a lien to clear or the title is not in the seller’s name, once for both', () => {
    expect(sellerPayout({ priceDollars: 20_000, lien: null, titleInSellerName: false }).feeCents).toBe(SELLER_FEE_CENTS);
    const both = sellerPayout({ priceDollars: 20_000, lien: lien(1_250_000), titleInSellerName: false });
    expect(both).toMatchObject({
      feeCents: SELLER_FEE_CENTS,
      payoffCents: 1_250_000,
      payoutCents: 2_000_000 - 1_250_000 - SELLER_FEE_CENTS,
    });
    expect(both.feeReasons).toHaveLength(2);
  });

  it('pays nothing and asks the seller to bring the fee when the payoff equals the price', () => {
    expect(sellerPayout({ priceDollars: 12_000, lien: lien(1_200_000), titleInSellerName: true })).toMatchObject({
      payoutCents: 0,
      bringCents: SELLER_FEE_CENTS,
    });
  });

  it('asks the seller to bring the difference and the fee when the payoff is larger than the price (negative equity)', () => {
    expect(sellerPayout({ priceDollars: 12_000, lien: lien(1_350_025), titleInSellerName: true })).toMatchObject({
      payoutCents: 0,
      bringCents: 1_350_025 - 1_200_000 + SELLER_FEE_CENTS,
    });
  });

  it('lists each line with the payoff and fee as deductions, to the cent', () => {
    const payout = sellerPayout({ priceDollars: 20_000, lien: lien(1_250_099), titleInSellerName: true });
    expect(payout.lines.map((line) => [line.id, line.cents])).toEqual([
      ['vehicle', 2_000_000],
      ['lien payoff', -1_250_099],
      ['seller fee', -SELLER_FEE_CENTS],
    ]);
    expect(payout.payoutCents).toBe(2_000_000 - 1_250_099 - SELLER_FEE_CENTS);
  });
});
