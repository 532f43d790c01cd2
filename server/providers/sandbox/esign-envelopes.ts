/**
 * The sandbox e-signature provider's records: an envelope as the sender creates it (its documents
 * with their SHA-256, a recipient per signer with their tabs), and as the sandbox keeps it.
 */
import * as z from 'zod/mini';

const tabSchema = z.object({
  type: z.enum(['signHere', 'initialHere', 'dateSigned']),
  documentId: z.string(),
  page: z.number(),
  x: z.number(),
  y: z.number(),
});
export const envelopeRequestSchema = z.object({
  reference: z.string(),
  callbackUrl: z.url(),
  documents: z
    .array(z.object({ documentId: z.string(), name: z.string(), pdfBase64: z.string(), sha256: z.string() }))
    .check(z.minLength(1)),
  recipients: z
    .array(z.object({ recipientId: z.string(), name: z.string(), email: z.string(), tabs: z.array(tabSchema) }))
    .check(z.minLength(1)),
});
export type EnvelopeRequest = z.infer<typeof envelopeRequestSchema>;

export interface StoredRecipient {
  recipientId: string;
  name: string;
  email: string;
  tabs: z.infer<typeof tabSchema>[];
  status: 'sent' | 'completed' | 'declined';
  signature: string | null;
  initials: string | null;
  signedAt: string | null;
  ip: string | null;
}
export interface StoredEnvelope {
  id: string;
  reference: string;
  callbackUrl: string;
  status: 'sent' | 'completed';
  documents: { documentId: string; name: string; sha256: string; original: string; signed: string | null }[];
  recipients: StoredRecipient[];
  sessions: Record<string, { recipientId: string; returnUrl: string; expiresAt: number; used: boolean }>;
}
