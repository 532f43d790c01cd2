import { describe, expect, it } from 'vitest';
import { estimateLoan, FEES, formatCents, monthlyPaymentCents, priceBreakdown, STATE_TAX_RATES } from '../../src/domain/pricing';
import { financeApplicationSchema, insuranceQuoteSchema } from '../../src/domain/transaction-events';

describe('loan maths', () => {
  it('amortises like a bank: $20,000 at 6% over 60 months is $386.66', () => {
    expect(monthlyPaymentCents(2_000_000, 6, 60)).toBe(38_666);
  });

  it('divides evenly at 0% and owes nothing on nothing financed', () => {
    expect(monthlyPaymentCents(1_200_000, 0, 48)).toBe(25_000);
    expect(monthlyPaymentCents(0, 9, 60)).toBe(0);
  });

  it('estimates from price, down payment, term and credit band', () => {
    const estimate = estimateLoan({ priceDollars: 25_000, downPaymentDollars: 5_000, months: 60, band: 'excellent' });
    expect(estimate).toMatchObject({ amountFinancedCents: 2_000_000, apr: 6.49, months: 60, monthlyPaymentCents: 39_123 });
    expect(estimate.totalInterestCents).toBe(39_123 * 60 - 2_000_000);
    const worse = estimateLoan({ priceDollars: 25_000, downPaymentDollars: 5_000, months: 60, band: 'poor' });
    expect(worse.monthlyPaymentCents).toBeGreaterThan(estimate.monthlyPaymentCents);
  });

  it('never finances a negative amount when the down payment exceeds the price', () => {
    expect(estimateLoan({ priceDollars: 10_000, downPaymentDollars: 12_000, months: 36, band: 'good' }).monthlyPaymentCents).toBe(0);
  });
});

describe('price breakdown', () => {
  it('adds vehicle, fees and the state tax', () => {
    const breakdown = priceBreakdown({ priceDollars: 20_000, state: 'TX' });
    expect(breakdown.lines.find((line) => line.id === 'sales tax')!.cents).toBe(125_000);
    expect(breakdown.totalCents).toBe(2_000_000 + FEES.platformCents + FEES.titleAndRegistrationCents + 125_000);
    expect(breakdown.dueAtSigningCents).toBe(breakdown.totalCents);
  });

  it('asks for an address before estimating tax, and charges none in a state without sales tax', () => {
    expect(priceBreakdown({ priceDollars: 20_000 }).lines.find((line) => line.id === 'sales tax')).toMatchObject({
      cents: 0,
      note: 'Add your address to estimate tax',
    });
    expect(priceBreakdown({ priceDollars: 20_000, state: 'OR' }).lines.find((line) => line.id === 'sales tax')!.cents).toBe(0);
  });

  it('with financing, subtracts the financed amount from what is due at signing', () => {
    const breakdown = priceBreakdown({
      priceDollars: 20_000,
      state: 'OR',
      financing: { lender: 'Bank', apr: 6, months: 60, downPaymentDollars: 4_000 },
      protection: { name: 'Caramel Care Plus', priceDollars: 1_500 },
      transport: { kind: 'Delivery', label: 'Delivery by RunBuggy, open carrier', cents: 60_000 },
    });
    expect(breakdown.totalCents).toBe(2_000_000 + FEES.platformCents + FEES.titleAndRegistrationCents + 150_000 + 60_000);
    expect(breakdown.financing).toMatchObject({
      amountFinancedCents: 1_600_000,
      monthlyPaymentCents: monthlyPaymentCents(1_600_000, 6, 60),
    });
    expect(breakdown.dueAtSigningCents).toBe(breakdown.totalCents - 1_600_000);
  });

  it('knows every state and DC', () => {
    expect(Object.keys(STATE_TAX_RATES)).toHaveLength(51);
  });

  it('formats cents as dollars', () => {
    expect(formatCents(2_500_000)).toBe('$25,000');
    expect(formatCents(38_666)).toBe('$386.66');
  });
});

describe('transaction forms', () => {
  it('needs explicit consent to a credit check', () => {
    const application = { downPaymentDollars: 2000, months: 60, band: 'good', annualIncomeDollars: 60000 };
    expect(financeApplicationSchema.safeParse(application).success).toBe(false);
    expect(financeApplicationSchema.safeParse({ ...application, creditCheckConsent: false }).success).toBe(false);
    expect(financeApplicationSchema.safeParse({ ...application, creditCheckConsent: true }).success).toBe(true);
    expect(financeApplicationSchema.safeParse({ ...application, months: 84, creditCheckConsent: true }).success).toBe(false);
  });

  it('refuses an insurance quote for someone under 16', () => {
    const thisYear = new Date().getUTCFullYear();
    const quote = { postalCode: '78701', accidents: 0, coverage: 'standard' };
    const result = insuranceQuoteSchema.safeParse({ ...quote, dateOfBirth: `${thisYear - 10}-01-01` });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('Drivers must be at least 16');
    expect(insuranceQuoteSchema.safeParse({ ...quote, dateOfBirth: '1990-05-04' }).success).toBe(true);
  });
});
