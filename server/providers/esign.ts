/**
 * The e-signature provider (embedded signing): envelopes of our documents with a recipient per
 * party, one-time signing URLs that return to the app with an event, the envelope's state and its
 * signed documents, and its `envelope.completed` webhook. The sandbox adapter speaks to the
 * sandbox origin; a real one calls the provider's API with its key, behind the same interface.
 */
import * as z from 'zod/mini';
import type { SignatureTab } from '../pdf/pdf-writer';
import type { WebhookResult } from './async-providers';
import type { WebhookEvent } from './webhooks';

export interface EnvelopeDraft {
  /** Our envelope id: the provider's webhooks name it. */
  reference: string;
  callbackUrl: string;
  documents: { documentId: string; name: string; bytes: Uint8Array; sha256: string }[];
  recipients: {
    recipientId: 'buyer' | 'seller';
    name: string;
    email: string;
    tabs: (Omit<SignatureTab, 'signer'> & { documentId: string })[];
  }[];
}

const envelopeStateSchema = z.object({
  id: z.string(),
  status: z.enum(['sent', 'completed']),
  documents: z.array(z.object({ documentId: z.string(), sha256: z.string() })),
  recipients: z.array(
    z.object({
      recipientId: z.string(),
      status: z.enum(['sent', 'completed', 'declined']),
      signedAt: z.nullable(z.string()),
      ip: z.nullable(z.string()),
    }),
  ),
});
export type EnvelopeState = z.infer<typeof envelopeStateSchema>;

export interface ESignature {
  createEnvelope(draft: EnvelopeDraft): Promise<{ envelopeId: string }>;
  signingUrl(envelopeId: string, recipientId: string, returnUrl: string): Promise<string>;
  envelope(envelopeId: string): Promise<EnvelopeState>;
  document(envelopeId: string, documentId: string): Promise<Uint8Array>;
  answerOf(event: WebhookEvent): WebhookResult | null;
}

export function sandboxESignature(host: string): ESignature {
  const base = host.replace(/\/+$/, '');
  const call = async (path: string, init?: RequestInit) => {
    const answer = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(15_000) });
    if (!answer.ok) throw new Error(`e-signature provider answered ${answer.status} to ${path}: ${await answer.text()}`);
    return answer;
  };
  const post = (path: string, body: unknown) =>
    call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((answer) =>
      answer.json(),
    );
  return {
    async createEnvelope(draft) {
      const created = (await post('/esign/envelopes', {
        reference: draft.reference,
        callbackUrl: draft.callbackUrl,
        documents: draft.documents.map(({ bytes, ...document }) => ({ ...document, pdfBase64: Buffer.from(bytes).toString('base64') })),
        recipients: draft.recipients,
      })) as { id: string };
      return { envelopeId: created.id };
    },
    async signingUrl(envelopeId, recipientId, returnUrl) {
      const view = (await post(`/esign/envelopes/${encodeURIComponent(envelopeId)}/views/recipient`, { recipientId, returnUrl })) as {
        url: string;
      };
      return view.url;
    },
    envelope: async (envelopeId) =>
      envelopeStateSchema.parse(await (await call(`/esign/envelopes/${encodeURIComponent(envelopeId)}`)).json()),
    document: async (envelopeId, documentId) =>
      new Uint8Array(
        await (await call(`/esign/envelopes/${encodeURIComponent(envelopeId)}/documents/${encodeURIComponent(documentId)}`)).arrayBuffer(),
      ),
    answerOf(event) {
      const data = z.object({ reference: z.uuid(), envelopeId: z.string() }).safeParse(event.data);
      return event.type === 'envelope.completed' && data.success
        ? { kind: 'envelope', envelopeId: data.data.reference, externalId: data.data.envelopeId }
        : null;
    },
  };
}
