/**
 * The sandbox e-signature provider, shaped like an embedded-signing API: an envelope holds the
 * documents (each with the SHA-256 the sender computed, checked on arrival) and a recipient per
 * signer with their signature, initial and date tabs; a one-time recipient view URL (five minutes)
 * opens the signing page, which sends the signer back to the sender's return URL with `event`
 * (signing_complete, decline, cancel, ttl_expired). When every recipient has signed, the sandbox
 * stamps the signatures into the PDFs, adds a certificate page, and sends `envelope.completed` by
 * signed webhook. Envelopes are kept in a JSON file under the data dir.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EnvelopeRequest, StoredEnvelope, StoredRecipient } from './esign-envelopes';
import { stampSignatures } from './esign-stamp';
import type { WebhookSender } from './webhook-sender';

const SESSION_MS = 5 * 60_000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function esignProvider(file: string, webhooks: WebhookSender) {
  // Kept by id in an object without a prototype: an id such as "__proto__" or "constructor" finds nothing.
  const read = (): Record<string, StoredEnvelope> => {
    const all = Object.create(null) as Record<string, StoredEnvelope>;
    try {
      return Object.assign(all, JSON.parse(readFileSync(file, 'utf8')) as Record<string, StoredEnvelope>);
    } catch {
      return all;
    }
  };
  const write = (all: Record<string, StoredEnvelope>) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(all));
  };
  const update = (id: string, change: (envelope: StoredEnvelope) => void) => {
    const all = read();
    if (all[id]) change(all[id]);
    write(all);
    return all[id];
  };

  async function complete(envelope: StoredEnvelope) {
    for (const document of envelope.documents) {
      const signed = await stampSignatures(Buffer.from(document.original, 'base64'), envelope, document);
      document.signed = Buffer.from(signed).toString('base64');
    }
    envelope.status = 'completed';
    webhooks.send(envelope.callbackUrl, 'envelope.completed', { reference: envelope.reference, envelopeId: envelope.id });
  }

  return {
    /** The envelope's id, or why it was refused (a document whose bytes do not match its hash). */
    create(request: EnvelopeRequest): { id: string } | { refused: string } {
      for (const document of request.documents)
        if (sha256(Buffer.from(document.pdfBase64, 'base64')) !== document.sha256)
          return { refused: `Document ${document.documentId} does not match its SHA-256` };
      const envelope: StoredEnvelope = {
        id: randomUUID(),
        reference: request.reference,
        callbackUrl: request.callbackUrl,
        status: 'sent',
        documents: request.documents.map((document) => ({ ...document, original: document.pdfBase64, signed: null })),
        recipients: request.recipients.map((recipient) => ({
          ...recipient,
          status: 'sent',
          signature: null,
          initials: null,
          signedAt: null,
          ip: null,
        })),
        sessions: {},
      };
      write({ ...read(), [envelope.id]: envelope });
      return { id: envelope.id };
    },
    get: (id: string): StoredEnvelope | undefined => read()[id],
    /** A one-time signing session for a recipient who has not signed yet. */
    session(id: string, recipientId: string, returnUrl: string): string | { refused: string } {
      const envelope = read()[id];
      const recipient = envelope?.recipients.find((candidate) => candidate.recipientId === recipientId);
      if (!envelope || !recipient) return { refused: 'No such envelope or recipient' };
      if (recipient.status === 'completed') return { refused: 'This recipient has already signed' };
      const token = randomBytes(18).toString('base64url');
      update(id, (stored) => {
        stored.sessions[token] = { recipientId, returnUrl, expiresAt: Date.now() + SESSION_MS, used: false };
      });
      return token;
    },
    /** The envelope and recipient a live session opens, or why it cannot. */
    open(token: string): { envelope: StoredEnvelope; recipient: StoredRecipient; returnUrl: string; expired: boolean } | undefined {
      for (const envelope of Object.values(read())) {
        const session = envelope.sessions[token];
        if (!session || session.used) continue;
        const recipient = envelope.recipients.find((candidate) => candidate.recipientId === session.recipientId)!;
        return { envelope, recipient, returnUrl: session.returnUrl, expired: session.expiresAt < Date.now() };
      }
      return undefined;
    },
    /** Ends a session: signs (with the adopted signature and initials), declines or leaves. */
    async finish(
      token: string,
      outcome: { event: 'signing_complete' | 'decline' | 'cancel' | 'ttl_expired'; signature?: string; initials?: string; ip: string },
    ) {
      const opened = this.open(token);
      if (!opened) return undefined;
      const envelope = update(opened.envelope.id, (stored) => {
        stored.sessions[token]!.used = true;
        const recipient = stored.recipients.find((candidate) => candidate.recipientId === opened.recipient.recipientId)!;
        if (outcome.event === 'signing_complete')
          Object.assign(recipient, {
            status: 'completed',
            signature: outcome.signature,
            initials: outcome.initials,
            signedAt: new Date().toISOString(),
            ip: outcome.ip,
          });
      })!;
      if (envelope.status === 'sent' && envelope.recipients.every((recipient) => recipient.status === 'completed')) {
        await complete(envelope);
        write({ ...read(), [envelope.id]: envelope });
      }
      const back = new URL(opened.returnUrl);
      back.searchParams.set('event', outcome.event);
      return back.toString();
    },
  };
}
export type EsignProvider = ReturnType<typeof esignProvider>;
