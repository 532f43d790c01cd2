/**
 * Insurance quotes for the buyer's new car, and the carrier's hand-off page where the policy is
 * bound. Sandbox carriers are deterministic: three or more recent accidents get no quotes;
 * otherwise each carrier prices from coverage level, driver age and accident count.
 */
import type { InsuranceQuote } from '../../src/domain/transaction-contract';
import type { CoverageLevel, InsuranceQuoteRequest } from '../../src/domain/transaction-events';

export interface InsuranceCarriers {
  quotes(request: InsuranceQuoteRequest, today?: Date): Promise<InsuranceQuote[]>;
  /** The carrier's page that binds a chosen quote inside the app (the iframe-content view). */
  handOffUrl(quoteId: string, transactionId: string): string;
  /** The origin that page is framed from (the app's Content-Security-Policy names it). */
  handOffOrigin: string;
}

const CARRIERS = [
  { slug: 'lighthouse', name: 'Lighthouse Mutual', factor: 0.94 },
  { slug: 'granite', name: 'Granite Auto Insurance', factor: 1 },
  { slug: 'prairie', name: 'Prairie Casualty', factor: 1.08 },
] as const;
const BASE_MONTHLY_CENTS: Record<CoverageLevel, number> = { liability: 6_400, standard: 12_900, full: 17_800 };
const DEDUCTIBLE: Record<CoverageLevel, number> = { liability: 0, standard: 1_000, full: 500 };

function ageOn(dateOfBirth: string, today: Date): number {
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  const age = today.getUTCFullYear() - born.getUTCFullYear();
  const birthdayPassed =
    today.getUTCMonth() > born.getUTCMonth() || (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() >= born.getUTCDate());
  return birthdayPassed ? age : age - 1;
}

export function sandboxInsuranceCarriers(handOffHost: string): InsuranceCarriers {
  return {
    async quotes(request, today = new Date()) {
      if (request.accidents >= 3) return [];
      const age = ageOn(request.dateOfBirth, today);
      const ageFactor = age < 25 ? 1.6 : age > 70 ? 1.25 : 1;
      const accidentFactor = 1 + request.accidents * 0.3;
      return CARRIERS.map((carrier) => ({
        id: `${carrier.slug}-${request.coverage}`,
        carrier: carrier.name,
        coverage: request.coverage,
        deductibleDollars: DEDUCTIBLE[request.coverage],
        monthlyPremiumCents: Math.round(BASE_MONTHLY_CENTS[request.coverage] * carrier.factor * ageFactor * accidentFactor),
      })).sort((a, b) => a.monthlyPremiumCents - b.monthlyPremiumCents);
    },
    handOffUrl(quoteId, transactionId) {
      const query = new URLSearchParams({ quoteId, reference: transactionId });
      return `${handOffHost.replace(/\/+$/, '')}/carrier?${query}`;
    },
    handOffOrigin: new URL(handOffHost).origin,
  };
}
