import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancesOf, duePostings, isBalanced, moneyTotals, transfer, type DealFacts, type Posting } from '../../src/domain/ledger-rules';
import { FEES, priceBreakdown, STATE_TAX_RATES, type BreakdownInput } from '../../src/domain/pricing';
import { sellerPayout } from '../../src/domain/seller-pricing';
import { structureOf } from '../../src/domain/dealer-contract';
import { dealerPriceBreakdown } from '../../src/domain/dealer-pricing';
import {
  collectedCents,
  releasedCents,
  SELLER_CANCELLATION_FEE_CENTS,
  settlementPlan,
  type ReleaseId,
  type Source,
} from '../../src/domain/settlement';

const FINANCING = { lender: 'Summit Auto Finance', apr: 7.49, months: 60, downPaymentDollars: 4_000 };
const DELIVERY = { kind: 'Delivery', label: 'Delivery by RunBuggy, open carrier', cents: 64_350 } as const;

function deal(input: Partial<BreakdownInput> & { payoffCents?: number; titleInSellerName?: boolean }) {
  const priceDollars = input.priceDollars ?? 20_000;
  const breakdown = priceBreakdown({ priceDollars, state: 'CA', ...input });
  const payout = sellerPayout({
    priceDollars,
    lien: input.payoffCents ? { lender: 'Harbor Credit Union', payoffCents: input.payoffCents } : null,
    titleInSellerName: input.titleInSellerName ?? true,
  });
  return { breakdown, payout, plan: settlementPlan(breakdown, payout) };
}

const cents = (plan: ReturnType<typeof settlementPlan>, id: ReleaseId) => plan.releases.find((release) => release.id === id)?.cents ?? 0;

describe('what the buyer pays and the seller is paid', () => {
  it('a cash buyer with delivery and no lien: the buyer pays everything at signing; the seller gets the price in two halves', () => {
    const { breakdown, plan } = deal({ transport: DELIVERY, protection: { name: 'Caramel Care Plus', priceDollars: 1_450 } });
    const tax = Math.round(2_000_000 * 0.0725);
    expect(breakdown.dueAtSigningCents).toBe(2_000_000 + FEES.platformCents + FEES.titleAndRegistrationCents + tax + 145_000 + 64_350);
    expect(plan.collections).toEqual([{ from: 'buyer', cents: breakdown.dueAtSigningCents }]);
    expect(cents(plan, 'seller payout 1') + cents(plan, 'seller payout 2')).toBe(2_000_000);
    expect(cents(plan, 'transport')).toBe(64_350);
    expect(cents(plan, 'taxes and title fees')).toBe(tax + FEES.titleAndRegistrationCents);
    expect(cents(plan, 'fees')).toBe(FEES.platformCents);
    expect(cents(plan, 'lien payoff')).toBe(0);
  });

  it('a financed buyer and a lien: the loan comes from the buyer’s lender, the payoff goes first, the seller pays the $95 fee', () => {
    const { breakdown, payout, plan } = deal({ financing: FINANCING, payoffCents: 1_234_567 });
    expect(plan.collections).toEqual([
      { from: 'buyer', cents: breakdown.dueAtSigningCents },
      { from: 'buyer lender', cents: 1_600_000 },
    ]);
    expect(breakdown.dueAtSigningCents + 1_600_000).toBe(breakdown.totalCents);
    expect(cents(plan, 'lien payoff')).toBe(1_234_567);
    expect(payout.payoutCents).toBe(2_000_000 - 1_234_567 - 9_500);
    expect(cents(plan, 'seller payout 1') + cents(plan, 'seller payout 2')).toBe(payout.payoutCents);
    expect(cents(plan, 'fees')).toBe(FEES.platformCents + 9_500);
  });

  it('rounds tax to the cent in every state and splits an odd payout without losing a cent', () => {
    for (const [state, rate] of Object.entries(STATE_TAX_RATES)) {
      const breakdown = priceBreakdown({ priceDollars: 12_345, state });
      expect(breakdown.lines.find((line) => line.id === 'sales tax')!.cents).toBe(Math.round(1_234_500 * (rate / 100)));
    }
    const odd = deal({ priceDollars: 20_000, payoffCents: 1 });
    expect(cents(odd.plan, 'seller payout 1')).toBe(Math.floor(odd.payout.payoutCents / 2));
    expect(cents(odd.plan, 'seller payout 2')).toBe(Math.ceil(odd.payout.payoutCents / 2));
    expect(collectedCents(odd.plan)).toBe(releasedCents(odd.plan));
  });

  it('negative equity: the seller brings the difference, and it pays the lender with the buyer’s money', () => {
    const { payout, plan } = deal({ payoffCents: 2_300_000 });
    expect(payout.bringCents).toBe(2_300_000 + 9_500 - 2_000_000);
    expect(plan.collections).toContainEqual({ from: 'seller', cents: payout.bringCents });
    expect(plan.releases.map((release) => release.id)).not.toContain('seller payout 1');
    expect(collectedCents(plan)).toBe(releasedCents(plan));
  });
});

// Generated deals and generated orders of what happens to them; after each step the rules run to a standstill.
type Happening = 'settle buyer' | 'settle loan' | 'settle seller' | 'sign' | 'title received' | 'delivered' | 'cancel';

const dealInput = fc.record({
  priceDollars: fc.integer({ min: 500, max: 90_000 }),
  state: fc.constantFrom(...Object.keys(STATE_TAX_RATES)),
  financed: fc.boolean(),
  downPaymentDollars: fc.integer({ min: 0, max: 10_000 }),
  protectionDollars: fc.option(fc.integer({ min: 300, max: 4_000 }), { nil: null }),
  transportCents: fc.option(fc.integer({ min: 1, max: 300_000 }), { nil: null }),
  payoffCents: fc.option(fc.integer({ min: 1, max: 12_000_000 }), { nil: null }),
  titleInSellerName: fc.boolean(),
});
const happenings = fc.shuffledSubarray(
  ['settle buyer', 'settle loan', 'settle seller', 'sign', 'title received', 'delivered', 'cancel'] as Happening[],
  {
    minLength: 0,
  },
);

describe('the ledger over generated sequences', () => {
  it('every posting balances, nothing is released twice, and held + released + refunded = collected at every step (a dispute’s partial refund too)', () => {
    fc.assert(
      fc.property(dealInput, happenings, fc.boolean(), fc.integer({ min: 0, max: 99 }), (input, order, sellerCancels, refundShare) => {
        const { plan } = deal({
          priceDollars: input.priceDollars,
          state: input.state,
          financing: input.financed ? { ...FINANCING, downPaymentDollars: Math.min(input.downPaymentDollars, input.priceDollars) } : null,
          protection: input.protectionDollars ? { name: 'Care', priceDollars: input.protectionDollars } : null,
          transport: input.transportCents ? { ...DELIVERY, cents: input.transportCents } : null,
          payoffCents: input.payoffCents ?? undefined,
          titleInSellerName: input.titleInSellerName,
        });
        const journals: Posting[] = [];
        const facts: DealFacts = { signed: false, titleReceived: false, delivered: false, refundCents: 0, cancelled: null };
        const collect = (from: Source) => {
          const planned = plan.collections.find((collection) => collection.from === from);
          if (planned) journals.push(transfer(`collect:${from}`, 'collected', from, 'held', planned.cents));
        };
        const settle = () => {
          for (;;) {
            const released = journals.filter((journal) => journal.key.startsWith('release:')).map((journal) => journal.reason as ReleaseId);
            const state = { plan, balances: balancesOf(journals), released, facts, journalCount: journals.length };
            const { postings, owedBySeller } = duePostings(state);
            if (owedBySeller > 0) journals.push(transfer(`recover:${journals.length}`, 'recovered', 'seller', 'held', owedBySeller));
            else if (postings.length === 0) return;
            for (const posting of postings) {
              expect(journals.some((journal) => journal.key === posting.key)).toBe(false);
              journals.push(posting);
            }
            const totals = moneyTotals(journals);
            expect(totals.held).toBeGreaterThanOrEqual(0);
            expect(totals.held + totals.released + totals.refunded).toBe(totals.collected);
          }
        };
        for (const happening of order) {
          if (facts.cancelled && happening !== 'settle buyer' && happening !== 'settle loan' && happening !== 'settle seller') continue;
          if (happening === 'settle buyer') collect('buyer');
          if (happening === 'settle loan') collect('buyer lender');
          if (happening === 'settle seller') collect('seller');
          if (happening === 'sign') facts.signed = true;
          if (happening === 'title received') facts.titleReceived = true;
          if (happening === 'delivered') {
            // Delivered as confirmed, or as an admin decided a case with a partial refund out of the second payout.
            facts.delivered = true;
            const secondPayout = plan.releases.find((release) => release.id === 'seller payout 2')?.cents ?? 0;
            facts.refundCents = Math.floor((secondPayout * refundShare) / 100);
          }
          if (happening === 'cancel' && !facts.delivered)
            facts.cancelled = { feeCents: sellerCancels && facts.signed ? SELLER_CANCELLATION_FEE_CENTS : 0 };
          settle();
        }
        expect(journals.every(isBalanced)).toBe(true);
        const totals = moneyTotals(journals);
        const balances = balancesOf(journals);
        if (facts.cancelled) {
          // Cancelled: nothing held, the buyer and their lender whole, the fee (if any) with Caramel.
          expect(totals.held).toBe(0);
          expect(balances.buyer ?? 0).toBe(0);
          expect(balances['buyer lender'] ?? 0).toBe(0);
          expect(balances.revenue ?? 0).toBe(facts.cancelled.feeCents);
        } else if (totals.collected === collectedCents(plan) && facts.signed && facts.titleReceived && facts.delivered) {
          // Closed: everything released as planned, nothing left held.
          expect(totals.held).toBe(0);
          expect(totals.released).toBe(releasedCents(plan) - facts.refundCents);
          expect(totals.refunded).toBe(facts.refundCents);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('a dealer’s sale', () => {
  it('pays the dealer for each product it sold, named as sold; nothing goes to Caramel Care', () => {
    const structure = structureOf(
      { priceDollars: 18_500, kind: 'finance', aprBasisPoints: 690 },
      { termMonths: 60, downPaymentDollars: 2_500, products: ['warranty', 'gap'] },
    );
    const breakdown = dealerPriceBreakdown({ priceDollars: 18_500, structure, transport: null });
    expect(breakdown.lines.map((line) => [line.id, line.label])).toEqual([
      ['vehicle', 'Vehicle price'],
      ['dealer warranty', 'Vehicle service contract'],
      ['dealer gap', 'GAP protection'],
    ]);
    const plan = settlementPlan(breakdown, sellerPayout({ priceDollars: 18_500, lien: null, titleInSellerName: null }));
    expect(plan.releases.filter((release) => release.id.startsWith('dealer'))).toEqual([
      { id: 'dealer warranty', to: 'seller payout', cents: 189_500, when: 'delivered' },
      { id: 'dealer gap', to: 'seller payout', cents: 69_500, when: 'delivered' },
    ]);
    expect(cents(plan, 'care plan')).toBe(0);
    expect(releasedCents(plan)).toBe(collectedCents(plan));
  });
});
