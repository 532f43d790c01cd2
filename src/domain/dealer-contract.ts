/**
 * The dealer programme (issue 22, SPEC §1 "dealers have a financing area", §2.5, §6): who is a
 * dealer, the sales a dealer submits (cash or financed), the customer's credit application and
 * the dealer-lender's decision. One contract for the forms, the API and the app's reading of it.
 * The SSN is accepted here and nowhere else: no answer schema has a field that could carry it.
 */
import * as z from 'zod/mini';
import { saleSchema } from './sale-state';
import { mobileNumber, personName } from './profile-fields';
import { mileageField, offerAmount, vinField } from './offer-fields';
import { LOAN_TERMS, monthlyPaymentCents, US_STATES } from './pricing';

const text = (label: string, max = 120) =>
  z.string(`Enter the ${label}`).check(z.trim(), z.minLength(1, `Enter the ${label}`), z.maxLength(max, `The ${label} is too long`));

/** A dealership's name, licence number and lot: what an admin's grant and a user's application both give. */
export const dealershipFields = {
  dealershipName: text('dealership name'),
  licenceNumber: z
    .string('Enter the dealer licence number')
    .check(z.trim(), z.regex(/^[A-Za-z0-9-]{4,20}$/, 'A dealer licence number is 4 to 20 letters, digits or dashes')),
  address: z.strictObject({
    line1: text('street address'),
    city: text('city', 60),
    state: z.enum(US_STATES as [string, ...string[]], 'Choose the state'),
    postalCode: z.string('Enter the ZIP code').check(z.regex(/^\d{5}$/, 'A ZIP code is 5 digits')),
  }),
};

/** What an admin gives to make a user a dealer (the user found by their e-mail). */
export const dealerGrantSchema = z.strictObject({
  email: z.email('Enter the e-mail address the user signed up with'),
  ...dealershipFields,
});
export type DealerGrant = z.infer<typeof dealerGrantSchema>;
export type DealershipDetails = Omit<DealerGrant, 'email'>;

export const dealerSchema = z.object({
  userId: z.string(),
  email: z.string(),
  dealershipName: z.string(),
  licenceNumber: z.string(),
  address: z.object({ line1: z.string(), city: z.string(), state: z.string(), postalCode: z.string() }),
  grantedAt: z.string(),
});
export type Dealer = z.infer<typeof dealerSchema>;
export const dealerListSchema = z.object({ dealers: z.array(dealerSchema) });

export const HOUSING = ['own', 'rent', 'family'] as const;
export const HOUSING_LABELS: Record<(typeof HOUSING)[number], string> = {
  own: 'Owns the home',
  rent: 'Rents',
  family: 'Lives with family',
};

const wholeDollars = (label: string) =>
  z
    .number(`Enter the ${label} in whole dollars`)
    .check(
      z.int(`Enter the ${label} in whole dollars`),
      z.minimum(0, `The ${label} cannot be negative`),
      z.maximum(10_000_000, `The ${label} is too large`),
    );

/** Nine digits; the formats the Social Security Administration never issues are refused. */
export const ssnField = z.string('Enter the 9-digit Social Security number').check(
  z.regex(/^\d{9}$/, 'Enter the 9-digit Social Security number'),
  z.refine((ssn) => !/^(000|666|9)/.test(ssn) && ssn.slice(3, 5) !== '00', 'That is not a Social Security number that can be issued'),
);

/** The customer's credit application as the dealer types it; consent must be given. */
export const creditApplicationSchema = z.strictObject({
  annualIncomeDollars: wholeDollars('annual income'),
  housing: z.enum(HOUSING, 'Choose how the customer lives'),
  monthlyHousingDollars: wholeDollars('monthly housing payment'),
  employer: text('employer'),
  yearsEmployed: z.number('Enter the years at this employer').check(z.int('Whole years'), z.minimum(0), z.maximum(70, 'Too many years')),
  ssn: ssnField,
  consent: z.literal(true, 'The customer must agree to the credit check'),
});
export type CreditApplication = z.infer<typeof creditApplicationSchema>;

/**
 * The other way in: the customer signed a paper application, which the dealer uploads after
 * submitting the sale (the 'credit-application' slot) and then sends to the lender. The dealer
 * states here that it is signed and that the customer agreed to the credit check.
 */
export const signedApplicationSchema = z.strictObject({
  customerSigned: z.literal(true, 'The customer must have signed the application'),
  consent: z.literal(true, 'The customer must agree to the credit check'),
});
export const SIGNED_APPLICATION_SLOT = 'credit-application';

export const SALE_KINDS = ['cash', 'finance'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

export const saleSubmissionSchema = z
  .strictObject({
    idempotencyKey: z.uuid('idempotencyKey must be a UUID'),
    kind: z.enum(SALE_KINDS, 'Choose cash or finance'),
    vehicle: z.strictObject({ vin: vinField, mileage: mileageField }),
    priceDollars: offerAmount,
    customer: z.strictObject({ name: personName('Name'), email: z.email('Enter the customer’s e-mail address'), mobile: mobileNumber }),
    application: z.optional(creditApplicationSchema),
    signedApplication: z.optional(signedApplicationSchema),
  })
  .check(
    z.refine((sale) => sale.kind === 'cash' || sale.application !== undefined || sale.signedApplication !== undefined, {
      message: 'A financed sale needs the customer’s credit application',
      path: ['application'],
    }),
    z.refine((sale) => sale.application === undefined || sale.signedApplication === undefined, {
      message: 'Send the typed application or the signed one, not both',
      path: ['signedApplication'],
    }),
    z.refine((sale) => sale.kind === 'finance' || (sale.application === undefined && sale.signedApplication === undefined), {
      message: 'A cash sale takes no credit application',
      path: ['application'],
    }),
  );
export type SaleSubmission = z.infer<typeof saleSubmissionSchema>;

/**
 * Where the application stands: not sent yet (a signed one waiting for its upload), with the
 * lender, or the lender's answer — approved as asked, approved once stipulations are met, or declined.
 */
export const DECISIONS = ['unsent', 'pending', 'approved', 'conditional', 'declined'] as const;
export type Decision = (typeof DECISIONS)[number];

export const STIPULATIONS = ['proof of income', 'proof of residence', 'insurance'] as const;
export type Stipulation = (typeof STIPULATIONS)[number];

/** The upload slot (document-slots.ts) that answers each stipulation, and the vehicle's own documents every sale needs. */
export const STIPULATION_SLOTS = {
  'proof of income': 'proof-of-income',
  'proof of residence': 'proof-of-residence',
  insurance: 'insurance-card',
} as const satisfies Record<Stipulation, string>;
export const VEHICLE_DOCUMENT_SLOTS = ['title-front', 'vin-plate', 'odometer'] as const;

/** The slots a sale needs before the lender's funding review: the stipulations it asked for, and the car's own documents. */
export function slotsNeeded(terms: { stipulations: readonly Stipulation[] } | null) {
  return [...(terms?.stipulations ?? []).map((stipulation) => STIPULATION_SLOTS[stipulation]), ...VEHICLE_DOCUMENT_SLOTS];
}

export const lenderTermsSchema = z.object({
  aprBasisPoints: z.int(),
  maxTermMonths: z.int(),
  stipulations: z.array(z.enum(STIPULATIONS)),
});
export type LenderTerms = z.infer<typeof lenderTermsSchema>;

/**
 * The protection products a dealer may add to a sale, with their prices and the handout the
 * customer is given (what the product covers, in a sentence).
 */
export const DEALER_PRODUCTS = {
  warranty: {
    name: 'Vehicle service contract',
    priceCents: 189_500,
    handout:
      'Covers engine, transmission and drive-axle repairs for 36 months or 36,000 miles after the sale, with a $100 deductible per visit.',
  },
  gap: {
    name: 'GAP protection',
    priceCents: 69_500,
    handout: 'If the car is stolen or written off, pays what is still owed on the loan beyond what the insurer pays.',
  },
} as const;
export type DealerProduct = keyof typeof DEALER_PRODUCTS;
export const DEALER_PRODUCT_NAMES = Object.keys(DEALER_PRODUCTS) as DealerProduct[];

/** How the dealer structures an approved (or cash) sale: the loan's term and down payment, and the products added. */
export const structureRequestSchema = z.strictObject({
  idempotencyKey: z.uuid('idempotencyKey must be a UUID'),
  termMonths: z.optional(
    z.union(
      LOAN_TERMS.map((term) => z.literal(term)),
      'Choose a term of 36, 48, 60 or 72 months',
    ),
  ),
  downPaymentDollars: z.optional(wholeDollars('down payment')),
  products: z.array(z.enum(DEALER_PRODUCT_NAMES as [DealerProduct, ...DealerProduct[]], 'Choose warranty or GAP')),
});
export type StructureRequest = z.infer<typeof structureRequestSchema>;

export const saleStructureSchema = z.object({
  termMonths: z.nullable(z.int()),
  downPaymentDollars: z.int(),
  aprBasisPoints: z.nullable(z.int()),
  products: z.array(z.enum(DEALER_PRODUCT_NAMES as [DealerProduct, ...DealerProduct[]])),
  productsCents: z.int(),
  amountFinancedCents: z.int(),
  monthlyPaymentCents: z.int(),
  /** What the customer pays us before signing: the down payment, or for cash everything. */
  dueFromCustomerCents: z.int(),
});
export type SaleStructure = z.infer<typeof saleStructureSchema>;

/** The structure's figures, worked out once from the price, the lender's APR and the dealer's choices (both sides use this). */
export function structureOf(
  sale: { priceDollars: number; kind: SaleKind; aprBasisPoints: number | null },
  choice: { termMonths?: number; downPaymentDollars?: number; products: DealerProduct[] },
): SaleStructure {
  const products = [...new Set(choice.products)];
  const productsCents = products.reduce((sum, product) => sum + DEALER_PRODUCTS[product].priceCents, 0);
  const totalCents = sale.priceDollars * 100 + productsCents;
  if (sale.kind === 'cash')
    return {
      termMonths: null,
      downPaymentDollars: 0,
      aprBasisPoints: null,
      products,
      productsCents,
      amountFinancedCents: 0,
      monthlyPaymentCents: 0,
      dueFromCustomerCents: totalCents,
    };
  const downCents = (choice.downPaymentDollars ?? 0) * 100;
  const amountFinancedCents = totalCents - downCents;
  const apr = (sale.aprBasisPoints ?? 0) / 100;
  return {
    termMonths: choice.termMonths ?? null,
    downPaymentDollars: choice.downPaymentDollars ?? 0,
    aprBasisPoints: sale.aprBasisPoints,
    products,
    productsCents,
    amountFinancedCents,
    monthlyPaymentCents: monthlyPaymentCents(amountFinancedCents, apr, choice.termMonths ?? 1),
    dueFromCustomerCents: downCents,
  };
}

/** A dealer's sale as the dealer's list and status screen read it (no SSN: only its last four). */
export const dealerSaleSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  transactionId: z.string(),
  kind: z.enum(SALE_KINDS),
  status: z.string(),
  /** Where the sale stands as a whole (sale-state.ts): closed once the customer has the car and delivery is confirmed. */
  sale: saleSchema,
  vehicle: z.object({ vin: z.string(), modelYear: z.int(), make: z.nullable(z.string()), mileage: z.int() }),
  priceDollars: z.int(),
  customer: z.object({ name: z.string(), email: z.string(), mobile: z.string() }),
  ssnLast4: z.nullable(z.string()),
  /** How the credit application came: typed into the form, or signed on paper and uploaded (null for cash). */
  applicationMode: z.nullable(z.enum(['typed', 'signed'])),
  decision: z.nullable(z.enum(DECISIONS)),
  terms: z.nullable(lenderTermsSchema),
  structure: z.nullable(saleStructureSchema),
  reviewSubmittedAt: z.nullable(z.string()),
  /** What the customer pays before signing as it stands: the structure's down payment (or the cash price) and the delivery booked. */
  customerPaysCents: z.optional(z.nullable(z.int())),
  createdAt: z.string(),
});
export type DealerSale = z.infer<typeof dealerSaleSchema>;
export const dealerSaleListSchema = z.object({ sales: z.array(dealerSaleSchema) });

/** The only part of an SSN kept after the lender has the application. */
export const ssnLast4Of = (ssn: string) => ssn.slice(-4);

/** The SSN as the screens may ever show it. */
export const maskedSsn = (last4: string) => `•••-••-${last4}`;
