/**
 * Money rules the buyer sees before committing: the monthly payment of a loan, estimated state
 * taxes and fees, and the price breakdown of a transaction. Whole cents throughout, rounded once.
 * Tax rates are each state's base rate on a private-party vehicle sale, an estimate (local
 * taxes and caps vary); the final amount comes from the state's title office.
 */

export const CREDIT_BANDS = {
  excellent: { label: 'Excellent (720+)', apr: 6.49 },
  good: { label: 'Good (660–719)', apr: 8.99 },
  fair: { label: 'Fair (600–659)', apr: 13.49 },
  poor: { label: 'Rebuilding (below 600)', apr: 18.99 },
} as const;
export type CreditBand = keyof typeof CREDIT_BANDS;

export const LOAN_TERMS = [36, 48, 60, 72] as const;
export type LoanTerm = (typeof LOAN_TERMS)[number];

/** Monthly payment in cents for `principalCents` at `apr` percent over `months` (standard amortisation). */
export function monthlyPaymentCents(principalCents: number, apr: number, months: number): number {
  if (principalCents <= 0) return 0;
  const rate = apr / 100 / 12;
  if (rate === 0) return Math.round(principalCents / months);
  return Math.round((principalCents * rate) / (1 - (1 + rate) ** -months));
}

export interface LoanEstimate {
  amountFinancedCents: number;
  apr: number;
  months: number;
  monthlyPaymentCents: number;
  totalInterestCents: number;
}

/** The estimator: price and down payment in whole dollars, a term and a credit band. */
export function estimateLoan(input: { priceDollars: number; downPaymentDollars: number; months: number; band: CreditBand }): LoanEstimate {
  const amountFinancedCents = Math.max(0, input.priceDollars - input.downPaymentDollars) * 100;
  const apr = CREDIT_BANDS[input.band].apr;
  const monthly = monthlyPaymentCents(amountFinancedCents, apr, input.months);
  return {
    amountFinancedCents,
    apr,
    months: input.months,
    monthlyPaymentCents: monthly,
    totalInterestCents: monthly * input.months - amountFinancedCents,
  };
}

/** Base state rate (percent) applied to a used vehicle bought from a private seller. */
export const STATE_TAX_RATES: Record<string, number> = {
  AL: 2, AK: 0, AZ: 5.6, AR: 6.5, CA: 7.25, CO: 2.9, CT: 6.35, DE: 0, DC: 6, FL: 6, GA: 7, HI: 4, ID: 6,
  IL: 6.25, IN: 7, IA: 5, KS: 6.5, KY: 6, LA: 4.45, ME: 5.5, MD: 6.5, MA: 6.25, MI: 6, MN: 6.5, MS: 5,
  MO: 4.225, MT: 0, NE: 5.5, NV: 6.85, NH: 0, NJ: 6.625, NM: 4, NY: 4, NC: 3, ND: 5, OH: 5.75, OK: 3.25,
  OR: 0, PA: 6, RI: 7, SC: 5, SD: 4, TN: 7, TX: 6.25, UT: 4.85, VT: 6, VA: 4.15, WA: 6.5, WV: 6, WI: 5, WY: 4,
}; // prettier-ignore

export const US_STATES = Object.keys(STATE_TAX_RATES).sort();

/** The marketplace's own fee and an estimate of title and registration, in cents. */
export const FEES = {
  platformCents: 29_900,
  titleAndRegistrationCents: 15_000,
} as const;

export interface BreakdownInput {
  priceDollars: number;
  state?: string | null;
  financing?: { lender: string; apr: number; months: number; downPaymentDollars: number } | null;
  protection?: { name: string; priceDollars: number } | null;
  transport?: { kind: 'Delivery' | 'Pickup'; label: string; cents: number } | null;
  /** The seller's loan, paid off first from what the buyer pays (it does not change the buyer's total). */
  lienPayoff?: { lender: string; cents: number } | null;
}

export interface BreakdownLine {
  /** A dealer's products are their own lines, one per product (`dealer warranty`, dealer-contract.ts). */
  id: 'vehicle' | 'platform fee' | 'title and registration' | 'sales tax' | 'protection' | 'transport' | `dealer ${string}`;
  label: string;
  cents: number;
  note?: string;
}

export interface PriceBreakdown {
  lines: BreakdownLine[];
  totalCents: number;
  financing: (LoanEstimate & { lender: string; downPaymentCents: number }) | null;
  dueAtSigningCents: number;
  lienPayoff: { lender: string; cents: number } | null;
}

const TAX_NEEDS_ADDRESS = 'Add your address to estimate tax';

/** Whether the sales tax still waits for the state the car is registered in: the breakdown is not final until it is known. */
export const taxAwaitsAddress = (breakdown: { lines: { id: string; note?: string }[] }) =>
  breakdown.lines.some((line) => line.id === 'sales tax' && line.note === TAX_NEEDS_ADDRESS);

/** Everything the buyer pays, line by line; with financing, what is due at signing and monthly. */
export function priceBreakdown(input: BreakdownInput): PriceBreakdown {
  const vehicleCents = input.priceDollars * 100;
  const rate = input.state ? STATE_TAX_RATES[input.state] : undefined;
  const lines: BreakdownLine[] = [
    { id: 'vehicle', label: 'Vehicle price', cents: vehicleCents },
    { id: 'platform fee', label: 'Caramel transaction fee', cents: FEES.platformCents },
    { id: 'title and registration', label: 'Title and registration (estimate)', cents: FEES.titleAndRegistrationCents },
    {
      id: 'sales tax',
      label: input.state ? `Sales tax, ${input.state} (estimate)` : 'Sales tax',
      cents: rate === undefined ? 0 : Math.round((vehicleCents * rate) / 100),
      ...(rate === undefined ? { note: TAX_NEEDS_ADDRESS } : { note: `${rate}% state rate` }),
    },
  ];
  if (input.protection) lines.push({ id: 'protection', label: input.protection.name, cents: input.protection.priceDollars * 100 });
  if (input.transport) lines.push({ id: 'transport', label: input.transport.label, cents: input.transport.cents });
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const lienPayoff = input.lienPayoff ?? null;
  if (!input.financing) return { lines, totalCents, financing: null, dueAtSigningCents: totalCents, lienPayoff };
  const financedCents = Math.max(0, vehicleCents - input.financing.downPaymentDollars * 100);
  const monthly = monthlyPaymentCents(financedCents, input.financing.apr, input.financing.months);
  return {
    lines,
    totalCents,
    financing: {
      lender: input.financing.lender,
      amountFinancedCents: financedCents,
      apr: input.financing.apr,
      months: input.financing.months,
      monthlyPaymentCents: monthly,
      totalInterestCents: monthly * input.financing.months - financedCents,
      downPaymentCents: input.financing.downPaymentDollars * 100,
    },
    dueAtSigningCents: totalCents - financedCents,
    lienPayoff,
  };
}

/** Made once: building a number formatter costs far more than using one (it showed in the API's profile). */
const dollars = (digits: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits });
const WHOLE_DOLLARS = dollars(0);
const WITH_CENTS = dollars(2);

/** "$1,234.56", or "$1,234" for whole dollars. */
export function formatCents(cents: number): string {
  return (cents % 100 === 0 ? WHOLE_DOLLARS : WITH_CENTS).format(cents / 100);
}
