/**
 * What each step knows, folded from the transaction's event log in order: the verified identity
 * and address, the loan application and offers, the chosen plan, the quotes and policy. The log
 * is the only record, so the timeline and the step data can never disagree. The app folds a
 * queued action the same way, so a step shows what the user chose before the server has it.
 */
import type { StepData } from './transaction-contract';
import type { Address, FinanceApplication, InsuranceQuoteRequest } from './transaction-events';

export function emptyStepData(): StepData {
  return {
    identity: {
      inquiryId: null,
      verified: null,
      declined: 0,
      address: null,
      addressVerified: null,
      proofOfAddress: null,
      additionalInfo: null,
    },
    financing: { application: null, offers: [], chosenOfferId: null, payingCash: false },
    protection: { chosenPlanId: null, skipped: false },
    insurance: { request: null, quotes: [], selectedQuoteId: null, policyNumber: null, existingCarrier: null, skipped: false },
  };
}

type Payload = Record<string, unknown>;
type Fold = (data: StepData, payload: Payload) => void;

const FOLDS: Record<string, Fold> = {
  'identity submitted': (d, p) => void (d.identity.inquiryId = p.inquiryId as string),
  'identity approved': (d) => void (d.identity.verified = true),
  'identity declined': (d) => Object.assign(d.identity, { verified: false, declined: d.identity.declined + 1 }),
  'identity retried': (d) => Object.assign(d.identity, { inquiryId: null, verified: null }),
  'address submitted': (d, p) => Object.assign(d.identity, { address: p as unknown as Address, addressVerified: null }),
  'address updated': (d, p) => Object.assign(d.identity, { address: p as unknown as Address, addressVerified: null }),
  'identity address uploaded': (d, p) => void (d.identity.proofOfAddress = p as StepData['identity']['proofOfAddress']),
  'address verified': (d) => void (d.identity.addressVerified = true),
  'identity updated address success': (d) => void (d.identity.addressVerified = true),
  'address not verified': (d) => void (d.identity.addressVerified = false),
  'identity done': (d, p) => void (d.identity.additionalInfo = p as unknown as StepData['identity']['additionalInfo']),
  'finance application submitted': (d, p) => {
    const { creditCheckConsent: _consent, ...application } = p as unknown as FinanceApplication;
    Object.assign(d.financing, { application, offers: [], chosenOfferId: null, payingCash: false });
  },
  'loans offered': (d, p) => void (d.financing.offers = p.offers as StepData['financing']['offers']),
  'no loans offered': (d) => void (d.financing.offers = []),
  'finance done': (d, p) => Object.assign(d.financing, { chosenOfferId: p.offerId as string, payingCash: false }),
  'finance skipped': (d) => Object.assign(d.financing, { chosenOfferId: null, payingCash: true }),
  'protection chosen': (d, p) => Object.assign(d.protection, { chosenPlanId: p.planId as string, skipped: false }),
  'protection skipped': (d) => Object.assign(d.protection, { chosenPlanId: null, skipped: true }),
  'insurance quote requested': (d, p) =>
    Object.assign(d.insurance, { request: p as unknown as InsuranceQuoteRequest, quotes: [], selectedQuoteId: null }),
  'insurance quoted': (d, p) => void (d.insurance.quotes = p.quotes as StepData['insurance']['quotes']),
  'no insurance quotes': (d) => void (d.insurance.quotes = []),
  'insurance coverage selected': (d, p) => void (d.insurance.selectedQuoteId = p.quoteId as string),
  'insurance done': (d, p) => void (d.insurance.policyNumber = p.policyNumber as string),
  'insurance skipped': (d, p) => Object.assign(d.insurance, { skipped: true, existingCarrier: (p.existingCarrier as string) || null }),
};

export function foldStepData(events: { event: string; payload: unknown }[]): StepData {
  const data = emptyStepData();
  for (const { event, payload } of events) FOLDS[event]?.(data, (payload ?? {}) as Payload);
  return data;
}

/** `data` as it will be once `event` is applied (a copy; `data` is left as it was). */
export function withEvent(data: StepData, event: string, payload: unknown): StepData {
  const next = structuredClone(data);
  FOLDS[event]?.(next, (payload ?? {}) as Payload);
  return next;
}
