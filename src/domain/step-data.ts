/**
 * What each step knows, folded from the transaction's event log in order: the verified identity
 * and address, the loan application and offers, the chosen plan, the quotes and policy. The log
 * is the only record, so the timeline and the step data can never disagree. The app folds a
 * queued action the same way, so a step shows what the user chose before the server has it.
 */
import type { DocumentRef } from './payload-fields';
import type { Payoff } from './seller-events';
import type { InspectionReport, StepData, TitleDocumentField } from './transaction-contract';
import type { Address } from './payload-fields';
import type { FinanceApplication, InsuranceQuoteRequest } from './transaction-events';
import type { RegisteredOwners } from './payment-events';
import type { BookedTransport } from './transport';

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
      pickupAddress: null,
    },
    financing: { application: null, offers: [], chosenOfferId: null, payingCash: false },
    protection: { chosenPlanId: null, skipped: false },
    insurance: { request: null, quotes: [], selectedQuoteId: null, policyNumber: null, existingCarrier: null, skipped: false },
    title: { lien: null, titleInSellerName: null, documents: [], odometerReading: null, review: null, agentAuthorization: null },
    inspection: { photos: [], damage: [], report: null, skipped: false },
    transport: { booking: null, receivedAt: null },
    payment: { owners: null, accountId: null, authorizedCents: null, returned: null },
    signature: { govId: null, envelopeId: null, signedAt: null, collected: false },
  };
}

type TitleDocument = StepData['title']['documents'][number];
const titleDocument = (field: TitleDocumentField, slot: string, ref: unknown): TitleDocument => ({
  field,
  slot,
  documentKey: (ref as DocumentRef).documentKey,
  fileName: (ref as DocumentRef).fileName,
});

/** The title documents with those of `fields` replaced by `fresh`. */
function withDocuments(documents: TitleDocument[], fields: TitleDocumentField[], fresh: TitleDocument[]): TitleDocument[] {
  return [...documents.filter((document) => !fields.includes(document.field)), ...fresh];
}

const reviewing = (d: StepData) => void (d.title.review = { state: 'pending', documentKey: null, reason: null });

type Payload = Record<string, unknown>;
type Fold = (data: StepData, payload: Payload) => void;

const govIdOutcome =
  (outcome: NonNullable<StepData['signature']['govId']>['outcome']): Fold =>
  (d) =>
    void (d.signature.govId = d.signature.govId && { ...d.signature.govId, outcome });

const FOLDS: Record<string, Fold> = {
  'gov id started': (d, p) => void (d.signature.govId = { inquiryId: p.inquiryId as string, outcome: null }),
  'gov id approved': govIdOutcome('approved'),
  'gov id declined': govIdOutcome('declined'),
  'gov id approved after review': govIdOutcome('approved after review'),
  'gov id declined after review': govIdOutcome('declined after review'),
  'gov id retried': (d) => void (d.signature.govId = null),
  'documents signed': (d, p) =>
    Object.assign(d.signature, { envelopeId: p.envelopeId as string, signedAt: (p.signedAt as string | undefined) ?? null }),
  'signatures collected': (d) => void (d.signature.collected = true),
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
  // A buyer gives the details lenders need; a seller gives where the vehicle is picked up.
  'identity done': (d, p) =>
    p.pickupAddress
      ? void (d.identity.pickupAddress = p.pickupAddress as Address)
      : void (d.identity.additionalInfo = p as unknown as StepData['identity']['additionalInfo']),
  'finance application submitted': (d, p) => {
    const { creditCheckConsent: _consent, ...application } = p as unknown as FinanceApplication;
    Object.assign(d.financing, { application, offers: [], chosenOfferId: null, payingCash: false });
  },
  'loans offered': (d, p) => void (d.financing.offers = p.offers as StepData['financing']['offers']),
  'no loans offered': (d) => void (d.financing.offers = []),
  // A dealer's sale records its structure with "finance done" and its products with "protection chosen": no offer or plan id.
  'finance done': (d, p) => Object.assign(d.financing, { chosenOfferId: (p.offerId as string | undefined) ?? null, payingCash: false }),
  'finance skipped': (d) => Object.assign(d.financing, { chosenOfferId: null, payingCash: true }),
  'protection chosen': (d, p) => Object.assign(d.protection, { chosenPlanId: (p.planId as string | undefined) ?? null, skipped: false }),
  'protection skipped': (d) => Object.assign(d.protection, { chosenPlanId: null, skipped: true }),
  'insurance quote requested': (d, p) =>
    Object.assign(d.insurance, { request: p as unknown as InsuranceQuoteRequest, quotes: [], selectedQuoteId: null }),
  'insurance quoted': (d, p) => void (d.insurance.quotes = p.quotes as StepData['insurance']['quotes']),
  'no insurance quotes': (d) => void (d.insurance.quotes = []),
  'insurance coverage selected': (d, p) => void (d.insurance.selectedQuoteId = p.quoteId as string),
  'insurance done': (d, p) => void (d.insurance.policyNumber = p.policyNumber as string),
  'insurance skipped': (d, p) => Object.assign(d.insurance, { skipped: true, existingCarrier: (p.existingCarrier as string) || null }),
  'title lender submitted': (d, p) =>
    Object.assign(d.title, {
      titleInSellerName: p.titleInSellerName as boolean,
      lien: {
        lienholderId: p.lienholderId as string,
        lienholderName: p.lienholderName as string,
        accountLast4: String(p.accountNumber).slice(-4),
        contactPhone: (p.contactPhone as string | undefined) ?? null,
        payoff: p.payoff as Payoff,
        negativeEquityAcknowledged: p.negativeEquityAcknowledged === true,
      },
    }),
  'title docs uploaded': (d, p) =>
    Object.assign(d.title, {
      titleInSellerName: p.titleInSellerName as boolean,
      documents: withDocuments(
        d.title.documents,
        ['titleFront', 'titleBack', 'ownership'],
        [
          titleDocument('titleFront', 'title-front', p.titleFront),
          titleDocument('titleBack', 'title-back', p.titleBack),
          ...(p.ownership as DocumentRef[]).map((ref) => titleDocument('ownership', 'ownership-docs', ref)),
        ],
      ),
    }),
  'title vehicle docs uploaded': (d, p) => {
    Object.assign(d.title, {
      odometerReading: p.odometerReading as number,
      documents: withDocuments(
        d.title.documents,
        ['vinPlate', 'odometer'],
        [titleDocument('vinPlate', 'vin-plate', p.vinPlate), titleDocument('odometer', 'odometer', p.odometer)],
      ),
    });
    reviewing(d);
  },
  'title document replaced': (d, p) => {
    const replaced = d.title.documents.find((document) => document.documentKey === d.title.review?.documentKey);
    if (replaced) Object.assign(replaced, { documentKey: p.documentKey as string, fileName: p.fileName as string });
    reviewing(d);
  },
  'agent authorized': (d, p) => {
    d.title.agentAuthorization = { fullName: p.fullName as string, signedAt: (p.signedAt as string | undefined) ?? null };
    reviewing(d);
  },
  'title approved': (d) => void (d.title.review = { state: 'approved', documentKey: null, reason: null }),
  'title photo needed': (d, p) =>
    void (d.title.review = { state: 'needs photo', documentKey: p.documentKey as string, reason: p.reason as string }),
  'vehicle verification paused': (d, p) => void (d.title.review = { state: 'paused', documentKey: null, reason: p.reason as string }),
  'inspection submitted': (d, p) =>
    Object.assign(d.inspection, {
      photos: p.photos as StepData['inspection']['photos'],
      damage: p.damage as StepData['inspection']['damage'],
      report: null,
      skipped: false,
    }),
  'inspection completed': (d, p) => void (d.inspection.report = p.report as InspectionReport),
  'inspection skipped': (d) => void (d.inspection.skipped = true),
  'transport booked': (d, p) => void (d.transport.booking = p as unknown as BookedTransport),
  'vehicle received': (d, p) => void (d.transport.receivedAt = (p.receivedAt as string | undefined) ?? null),
  'registered owners submitted': (d, p) => void (d.payment.owners = p as unknown as RegisteredOwners),
  'bank linked': (d, p) =>
    Object.assign(d.payment, { accountId: p.accountId as string, authorizedCents: p.authorizedCents as number, returned: null }),
  'payment returned': (d, p) => void (d.payment.returned = { code: p.code as string, reason: p.reason as string }),
  'payout account changed': (d, p) => void (d.payment.accountId = p.accountId as string),
};

/**
 * The fold code's revision: raise it with any change to FOLDS. The server keeps each transaction's folded step data
 * on its row (DESIGN §13); a row folded at an older revision is folded again from its events.
 */
export const FOLD_REVISION = 1;

type Folded = { event: string; payload: unknown }[];

function applied(data: StepData, events: Folded): StepData {
  for (const { event, payload } of events) FOLDS[event]?.(data, (payload ?? {}) as Payload);
  return data;
}

export function foldStepData(events: Folded): StepData {
  return applied(emptyStepData(), events);
}

/** `data` with `events` folded onto it, as folding every event from the first would give (a copy; `data` is left as it was). */
export function foldOnto(data: StepData, events: Folded): StepData {
  return applied(structuredClone(data), events);
}

/** `data` as it will be once `event` is applied (a copy; `data` is left as it was). */
export function withEvent(data: StepData, event: string, payload: unknown): StepData {
  return foldOnto(data, [{ event, payload }]);
}
