/**
 * The provider's answer to a party's request (PROVIDER_REQUESTS in the domain), asked before the
 * database transaction opens so no lock is held over a network call. Choices that must name
 * something the provider offered (a loan offer, a plan, a quote) are checked here too.
 */
import type { Address } from '../../../src/domain/payload-fields';
import type { FinanceApplication, InsuranceQuoteRequest } from '../../../src/domain/transaction-events';
import { IDENTITY_ATTEMPTS, type PartyEvent, type ProviderEvent } from '../../../src/domain/transaction-transitions';
import type { InquiryPurpose } from '../../providers/identity-verification';
import type { Providers } from '../../providers/providers';
import { TransactionRefusal } from '../../kernel/access';
import { formatCents } from '../../../src/domain/pricing';
import type { Payoff } from '../../../src/domain/seller-events';
import type { StepData } from '../../../src/domain/transaction-contract';

export interface Answer {
  event: ProviderEvent;
  payload: Record<string, unknown>;
}

export interface RequestContext {
  transactionId: string;
  side: 'buyer' | 'seller';
  priceDollars: number;
  vehicle: { vin: string; modelYear: number; mileage: number };
  /** The events so far, oldest first, and the step data folded from them. */
  events: { event: string; payload: unknown }[];
  data: StepData;
}

/**
 * The provider's finished inquiry, made for this transaction and for `purpose` (its template), and
 * not counted before: an identity-step inquiry is no government-ID check, and one result moves the
 * sale once.
 */
async function verifiedInquiry(providers: Providers, inquiryId: string, context: RequestContext, purpose: InquiryPurpose) {
  const inquiry = await providers.identity.inquiry(inquiryId);
  if (!inquiry) throw new TransactionRefusal(422, 'We could not find that verification. Please verify your identity again.');
  if (inquiry.referenceId !== context.transactionId)
    throw new TransactionRefusal(422, 'That verification was made for another transaction.');
  if (inquiry.templateId !== providers.identity.templateFor(purpose))
    throw new TransactionRefusal(
      422,
      purpose === 'identity' ? 'That verification is not an identity check.' : 'That verification is not a government-ID check.',
    );
  if (context.events.some((event) => (event.payload as { inquiryId?: unknown } | null)?.inquiryId === inquiry.id))
    throw new TransactionRefusal(422, 'That verification was counted already. Start a new one.');
  if (inquiry.status === 'pending')
    throw new TransactionRefusal(422, 'Your verification is not finished yet. Complete it in the verification window.');
  return inquiry;
}

type Ask = (providers: Providers, payload: Record<string, unknown>, context: RequestContext) => Promise<Answer | undefined>;

const ASK: Partial<Record<PartyEvent, Ask>> = {
  'identity submitted': async (providers, payload, context) => {
    const inquiry = await verifiedInquiry(providers, payload.inquiryId as string, context, 'identity');
    return inquiry.status === 'approved'
      ? { event: 'identity approved', payload: { inquiryId: inquiry.id } }
      : { event: 'identity declined', payload: { inquiryId: inquiry.id } };
  },
  // The government-ID check before signing: a person may have reviewed it (manualReview), which has views of its own.
  'gov id started': async (providers, payload, context) => {
    const inquiry = await verifiedInquiry(providers, payload.inquiryId as string, context, 'government id');
    const reviewed = inquiry.fields.manualReview === 'true';
    const event =
      inquiry.status === 'approved'
        ? reviewed
          ? 'gov id approved after review'
          : 'gov id approved'
        : reviewed
          ? 'gov id declined after review'
          : 'gov id declined';
    return { event, payload: { inquiryId: inquiry.id } };
  },
  'address submitted': async (providers, payload) => {
    const result = await providers.address.check(payload as unknown as Address);
    return { event: result === 'verified' ? 'address verified' : 'address not verified', payload: {} };
  },
  'address updated': async (providers, payload) => {
    const result = await providers.address.check(payload as unknown as Address);
    return { event: result === 'verified' ? 'identity updated address success' : 'address not verified', payload: {} };
  },
  'identity address uploaded': async (providers, payload) => {
    const result = await providers.address.reviewProof(payload as { documentKey: string; fileName: string });
    return { event: result === 'verified' ? 'identity updated address success' : 'address not verified', payload: {} };
  },
  'finance application submitted': async (providers, payload, context) => {
    const offers = await providers.lenders.offers(payload as unknown as FinanceApplication, context.priceDollars);
    return offers.length ? { event: 'loans offered', payload: { offers } } : { event: 'no loans offered', payload: {} };
  },
  'insurance quote requested': async (providers, payload) => {
    const quotes = await providers.carriers.quotes(payload as unknown as InsuranceQuoteRequest);
    return quotes.length ? { event: 'insurance quoted', payload: { quotes } } : { event: 'no insurance quotes', payload: {} };
  },
};

const CHOICES: Partial<
  Record<PartyEvent, (providers: Providers, payload: Record<string, unknown>, context: RequestContext) => string | undefined>
> = {
  'identity retried': (_, __, { data }) =>
    data.identity.declined >= IDENTITY_ATTEMPTS
      ? `Your identity could not be verified after ${IDENTITY_ATTEMPTS} attempts, so this transaction cannot continue online. Contact support to be verified another way.`
      : undefined,
  'finance done': (_, payload, { data }) =>
    data.financing.offers.some((offer) => offer.id === payload.offerId)
      ? undefined
      : 'That loan offer is no longer available. Choose one of the offers shown.',
  'protection chosen': (providers, payload, { vehicle }) =>
    providers.carePlans.plansFor(vehicle).some((plan) => plan.id === payload.planId)
      ? undefined
      : 'That care plan is not offered for this car.',
  'insurance coverage selected': (_, payload, { data }) =>
    data.insurance.quotes.some((quote) => quote.id === payload.quoteId)
      ? undefined
      : 'That quote is no longer available. Choose one of the quotes shown.',
  'title lender submitted': (providers, payload, { priceDollars }) => {
    if (!providers.lienholders.byId(payload.lienholderId as string)) return 'Choose your lender from the list.';
    const payoff = (payload.payoff as Payoff).amountCents;
    // Negative equity: the loan is more than the car sells for; the seller brings the difference.
    if (payoff > priceDollars * 100 && payload.negativeEquityAcknowledged !== true)
      return `Your payoff of ${formatCents(payoff)} is more than the ${formatCents(priceDollars * 100)} sale price. You would bring the ${formatCents(payoff - priceDollars * 100)} difference to close the sale; confirm that you understand before going on.`;
    return undefined;
  },
  'title document replaced': (_, payload, { data }) =>
    data.title.review?.state === 'needs photo' ? undefined : 'The title desk has not asked for another photo.',
  'agent authorized': (_, __, { data }) =>
    data.title.review?.state === 'paused' ? undefined : 'The vehicle verification is not paused, so there is nothing to authorise.',
};

/** Whether `event` is checked against, or answered by, a provider: only then is the transaction's context read for it. */
export const consultsProvider = (event: PartyEvent): boolean => event in ASK || event in CHOICES;

export async function providerAnswer(
  providers: Providers,
  event: PartyEvent,
  payload: Record<string, unknown>,
  context: RequestContext,
): Promise<Answer | undefined> {
  const refusal = CHOICES[event]?.(providers, payload, context);
  if (refusal) throw new TransactionRefusal(422, refusal);
  return ASK[event]?.(providers, payload, context);
}
