/**
 * Signing the sale: the documents made from the deal, who signs which, what a party sends in the
 * signature step, and the signing state both parties read. One envelope per deal holds every
 * document; each party is its recipient and signs the documents that name them.
 */
import * as z from 'zod/mini';
import type { PartyEvent } from './transaction-transitions';

export const SALE_DOCUMENTS = {
  'esign-consent': { title: 'Consent to electronic records and signatures', signers: ['buyer', 'seller'] },
  'bill-of-sale': { title: 'Bill of sale', signers: ['buyer', 'seller'] },
  'odometer-disclosure': { title: 'Odometer disclosure statement', signers: ['buyer', 'seller'] },
  'power-of-attorney': { title: 'Limited power of attorney for the title transfer', signers: ['seller'] },
  'purchase-agreement': { title: 'Vehicle purchase agreement', signers: ['buyer', 'seller'] },
  'retail-installment-contract': { title: 'Retail installment contract', signers: ['buyer'] },
} as const satisfies Record<string, { title: string; signers: readonly ('buyer' | 'seller')[] }>;
export type SaleDocumentKind = keyof typeof SALE_DOCUMENTS;
export const SALE_DOCUMENT_KINDS = Object.keys(SALE_DOCUMENTS) as SaleDocumentKind[];

/** The documents of a sale: the installment contract only when the buyer finances. */
export function documentsOfSale(sale: { financed: boolean }): SaleDocumentKind[] {
  return SALE_DOCUMENT_KINDS.filter((kind) => kind !== 'retail-installment-contract' || sale.financed);
}

/** How a signing session ends when the provider sends the signer back (the return URL's `event`). */
export const SIGNING_RETURNS = {
  signing_complete: 'You signed. We are waiting for the signing service to confirm it.',
  decline: 'You chose not to sign. Nothing was signed; open the documents again when you are ready, or tell us what is wrong.',
  cancel: 'You left before signing. Nothing was signed; open the documents again to finish.',
  ttl_expired: 'The signing session timed out. Nothing was signed; open the documents again to finish.',
} as const;
export type SigningReturn = keyof typeof SIGNING_RETURNS;

export const SIGNING_PAYLOADS: Partial<Record<PartyEvent, z.ZodMiniType>> = {
  'gov id started': z.object({ inquiryId: z.string().check(z.minLength(1, 'Verify your ID first'), z.maxLength(100)) }),
  'documents signed': z.object({ envelopeId: z.uuid('Open the documents to sign first') }),
};

/** POST /transactions/{id}/signing-session: the consent and what the party lets the other see after closing. */
export const signingSessionRequestSchema = z.object({
  consent: z.literal(true, 'Agree to sign electronically to open the documents'),
  shareContact: z.boolean('Say whether to share your contact details'),
});
export type SigningSessionRequest = z.infer<typeof signingSessionRequestSchema>;

/** The provider's one-time signing page for the caller's own recipient. */
export const signingSessionSchema = z.object({ url: z.string() });

const documentSchema = z.object({
  kind: z.enum(SALE_DOCUMENT_KINDS as [SaleDocumentKind, ...SaleDocumentKind[]]),
  title: z.string(),
  sha256: z.string(),
  signed: z.boolean(),
  /** A short-lived link to the PDF (the signed one once both have signed). */
  url: z.string(),
});
export type SaleDocument = z.infer<typeof documentSchema>;

/** GET /transactions/{id}/signing: where the signing stands for both parties. */
export const signingStateSchema = z.object({
  /** Null until both parties reached signing, so the documents hold final figures. */
  envelopeId: z.nullable(z.string()),
  waitingFor: z.nullable(z.string()),
  status: z.enum(['not ready', 'sent', 'completed', 'refused']),
  refusedReason: z.nullable(z.string()),
  you: z.object({ signedAt: z.nullable(z.string()), consentedAt: z.nullable(z.string()) }),
  other: z.object({ signedAt: z.nullable(z.string()) }),
  documents: z.array(documentSchema),
});
export type SigningState = z.infer<typeof signingStateSchema>;

/** Who the other party is, once both have signed, with what they agreed to share. */
export const connectionSchema = z.object({
  /** When the signing service completed the envelope: both had signed. */
  signedAt: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
});
export type Connection = z.infer<typeof connectionSchema>;
export const connectionAnswerSchema = z.object({ connection: connectionSchema });
