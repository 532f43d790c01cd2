/**
 * The sandbox e-signature provider, shaped like an embedded-signing API: an envelope holds the
 * documents (each with the SHA-256 the sender computed, checked on arrival) and a recipient per
 * signer with their signature, initial and date tabs; a one-time recipient view URL (five minutes)
 * opens the signing page, which sends the signer back to the sender's return URL with `event`
 * (signing_complete, decline, cancel, ttl_expired). When every recipient has signed, the sandbox
 * stamps the signatures into the PDFs, adds a certificate page, and sends `envelope.completed` by
 * signed webhook. Envelopes are kept under the data dir, a JSON file each (see envelopeFiles).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EnvelopeRequest, StoredEnvelope, StoredRecipient } from './esign-envelopes';
import { stampSignatures } from './esign-stamp';
import type { WebhookSender } from './webhook-sender';

const SESSION_MS = 5 * 60_000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const ENVELOPE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SESSION_TOKEN = /^[A-Za-z0-9_-]{24}$/;

/**
 * The envelopes, one file each in `dir`, and each signing session's envelope id in `dir/sessions`: a sale's envelope
 * holds its PDFs, so one file for them all made every read and write cost the whole history (30 MB and a third of a
 * core by the end of the browser tests). Ids and tokens are checked before they name a file. A data dir from before
 * (`envelopes.json` beside `dir`) is split once.
 */
function envelopeFiles(dir: string) {
  const envelopeFile = (id: string) => join(dir, `${id}.json`);
  const sessionFile = (token: string) => join(dir, 'sessions', token);
  mkdirSync(join(dir, 'sessions'), { recursive: true });
  const save = (envelope: StoredEnvelope) => {
    writeFileSync(envelopeFile(envelope.id), JSON.stringify(envelope));
    for (const token of Object.keys(envelope.sessions)) if (!existsSync(sessionFile(token))) writeFileSync(sessionFile(token), envelope.id);
  };
  const before = `${dir}.json`;
  if (existsSync(before)) {
    for (const envelope of Object.values(JSON.parse(readFileSync(before, 'utf8')) as Record<string, StoredEnvelope>)) save(envelope);
    renameSync(before, `${before}.split`);
  }
  const get = (id: string): StoredEnvelope | undefined =>
    ENVELOPE_ID.test(id) && existsSync(envelopeFile(id))
      ? (JSON.parse(readFileSync(envelopeFile(id), 'utf8')) as StoredEnvelope)
      : undefined;
  return {
    get,
    save,
    bySession: (token: string) =>
      SESSION_TOKEN.test(token) && existsSync(sessionFile(token)) ? get(readFileSync(sessionFile(token), 'utf8')) : undefined,
  };
}

export function esignProvider(dir: string, webhooks: WebhookSender) {
  const envelopes = envelopeFiles(dir);
  const update = (id: string, change: (envelope: StoredEnvelope) => void) => {
    const envelope = envelopes.get(id);
    if (!envelope) return undefined;
    change(envelope);
    envelopes.save(envelope);
    return envelope;
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
      envelopes.save(envelope);
      return { id: envelope.id };
    },
    get: envelopes.get,
    /** A one-time signing session for a recipient who has not signed yet. */
    session(id: string, recipientId: string, returnUrl: string): string | { refused: string } {
      const envelope = envelopes.get(id);
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
      const envelope = envelopes.bySession(token);
      const session = envelope?.sessions[token];
      if (!envelope || !session || session.used) return undefined;
      const recipient = envelope.recipients.find((candidate) => candidate.recipientId === session.recipientId)!;
      return { envelope, recipient, returnUrl: session.returnUrl, expired: session.expiresAt < Date.now() };
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
        envelopes.save(envelope);
      }
      const back = new URL(opened.returnUrl);
      back.searchParams.set('event', outcome.event);
      return back.toString();
    },
  };
}
export type EsignProvider = ReturnType<typeof esignProvider>;
