/**
 * Auto-loan offers for a buyer's application. Sandbox lenders price from the credit band
 * (src/domain/pricing.ts) with a fixed margin each; they decline a rebuilding-credit band and
 * any loan larger than a year's income, so "no offers" is reachable on purpose.
 */
import { CREDIT_BANDS, monthlyPaymentCents } from '../../src/domain/pricing';
import type { LoanOffer } from '../../src/domain/transaction-contract';
import type { FinanceApplication } from '../../src/domain/transaction-events';

export interface Lenders {
  offers(application: FinanceApplication, priceDollars: number): Promise<LoanOffer[]>;
}

const SANDBOX_LENDERS = [
  { slug: 'harbor-cu', name: 'Harbor Credit Union', margin: -0.25 },
  { slug: 'summit-auto', name: 'Summit Auto Finance', margin: 0 },
  { slug: 'copper-state', name: 'Copper State Bank', margin: 0.75 },
] as const;

export const sandboxLenders: Lenders = {
  async offers(application, priceDollars) {
    const financedDollars = Math.max(0, priceDollars - application.downPaymentDollars);
    if (application.band === 'poor' || financedDollars === 0 || financedDollars > application.annualIncomeDollars) return [];
    return SANDBOX_LENDERS.map((lender) => {
      const apr = Math.round((CREDIT_BANDS[application.band].apr + lender.margin) * 100) / 100;
      return {
        id: `${lender.slug}-${application.months}`,
        lender: lender.name,
        apr,
        months: application.months,
        downPaymentDollars: application.downPaymentDollars,
        amountFinancedCents: financedDollars * 100,
        monthlyPaymentCents: monthlyPaymentCents(financedDollars * 100, apr, application.months),
      };
    }).sort((a, b) => a.monthlyPaymentCents - b.monthlyPaymentCents);
  },
};
