/**
 * The sale's envelope (DESIGN.md §9): made once both parties have paid, so its documents hold the
 * final figures — every document generated from the deal, stored with its SHA-256, sent to the
 * e-signature provider with a recipient per party. Before a party opens a signing session, and
 * again when the provider says the envelope is complete, the stored documents must still hash to
 * what was recorded and to what the provider signed; otherwise the envelope is refused and
 * nothing counts as signed.
 */
import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import {
  documentsOfSale,
  SALE_DOCUMENTS,
  type SaleDocumentKind,
  type SigningSessionRequest,
  type SigningState,
} from '../../../src/domain/signing';
import { SIGNED_URL_SECONDS } from '../../../src/domain/upload-plan';
import type { TransactionStatus } from '../../../src/domain/transaction-flows';
import type { Database } from '../../db/client';
import { envelopeDocuments, envelopeRecipients, envelopes } from '../../db/signing-tables';
import { saleDocument } from '../documents/sale-documents';
import { saleFacts } from '../documents/sale-facts';
import { dealSides, type DealSides } from '../money/deal-money';
import { lockDeal } from '../money/settle';
import type { Providers } from '../../providers/providers';
import { TransactionRefusal, type TransactionRow } from '../../kernel/access';
import type { Tx } from '../../kernel/event-log';
import { acceptsPartyEvent } from '../../../src/domain/transaction-transitions';

export interface SigningDeps {
  db: Database;
  providers: Providers;
  s3: S3Client;
  presigner: S3Client;
  bucket: string;
  appOrigin: string;
  callbackUrl: string;
}

type EnvelopeRow = typeof envelopes.$inferSelect;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const otherSide = (side: 'buyer' | 'seller') => (side === 'buyer' ? 'seller' : 'buyer');
/** A side whose payment step is behind it: the figures the documents show cannot change any more. */
const paid = (status: TransactionStatus | undefined) =>
  status === 'payment_done' || !!status?.startsWith('signature_') || !!status?.startsWith('inspection_');

/**
 * What the documents wait for before they are made, so the figures in them are final; null when
 * nothing. A dealer's sale is fixed by the dealer's structure and the transport they booked, so it
 * waits for the dealer's transport (the dealer signs first, the customer after paying); any other
 * waits for the other side's payment step.
 */
function documentsWaitFor(sides: DealSides, side: 'buyer' | 'seller'): string | null {
  const dealer = sides.seller?.row.flow === 'dealer-financing' ? sides.seller.row.status : null;
  if (dealer) return dealer === 'transport_done' || dealer.startsWith('signature_') ? null : 'the dealer has booked the transport';
  const other = otherSide(side);
  return paid(sides[other]?.row.status) ? null : `the ${other} has finished their payment step`;
}

export const DOCUMENTS_CHANGED =
  'A document changed after it was made, so it cannot be signed. Open the documents again to sign fresh copies; if this happens again, contact support.';

export async function liveEnvelope(db: Database | Tx, dealId: string): Promise<EnvelopeRow | undefined> {
  const [row] = await db
    .select()
    .from(envelopes)
    .where(and(eq(envelopes.dealId, dealId), ne(envelopes.status, 'refused')))
    .orderBy(desc(envelopes.createdAt))
    .limit(1);
  return row;
}

async function readObject(deps: SigningDeps, key: string): Promise<Uint8Array> {
  const object = await deps.s3.send(new GetObjectCommand({ Bucket: deps.bucket, Key: key }));
  return object.Body!.transformToByteArray();
}
const putPdf = (deps: SigningDeps, key: string, bytes: Uint8Array) =>
  deps.s3.send(new PutObjectCommand({ Bucket: deps.bucket, Key: key, Body: bytes, ContentType: 'application/pdf' }));

async function refuse(db: Database, envelopeId: string, reason: string): Promise<never> {
  await db.update(envelopes).set({ status: 'refused', refusedReason: reason }).where(eq(envelopes.id, envelopeId));
  throw new TransactionRefusal(409, DOCUMENTS_CHANGED);
}

/** Each stored document's bytes, checked against its recorded SHA-256. */
async function storedDocuments(deps: SigningDeps, envelope: EnvelopeRow) {
  const rows = await deps.db.select().from(envelopeDocuments).where(eq(envelopeDocuments.envelopeId, envelope.id));
  const documents = [];
  for (const row of rows) {
    const bytes = await readObject(deps, row.storageKey);
    if (sha256(bytes) !== row.sha256) await refuse(deps.db, envelope.id, `${row.kind} no longer matches its SHA-256`);
    documents.push({ ...row, bytes });
  }
  return documents;
}

/**
 * Makes the deal's documents and envelope, or finds the one made already. Each stage is kept as it
 * completes, so a request that failed half-way (storage, the provider) is finished by the next.
 */
async function ensureEnvelope(deps: SigningDeps, dealId: string): Promise<EnvelopeRow> {
  const found = await liveEnvelope(deps.db, dealId);
  if (found?.externalId) return found;
  const facts = await saleFacts(deps.db, deps.providers, dealId);
  const envelope =
    found ??
    (await deps.db.transaction(async (tx) => {
      await lockDeal(tx, dealId);
      const raced = await liveEnvelope(tx, dealId);
      if (raced) return raced;
      const [row] = await tx.insert(envelopes).values({ dealId }).returning();
      await tx.insert(envelopeRecipients).values([
        { envelopeId: row!.id, side: 'buyer', userId: facts.buyer.userId },
        { envelopeId: row!.id, side: 'seller', userId: facts.seller.userId },
      ]);
      return row!;
    }));
  if (envelope.externalId) return envelope;
  const kinds = documentsOfSale({ financed: facts.breakdown.financing !== null });
  const made = await Promise.all(kinds.map(async (kind) => ({ kind, ...(await saleDocument(kind, facts)) })));
  const existing = await deps.db.select().from(envelopeDocuments).where(eq(envelopeDocuments.envelopeId, envelope.id));
  if (existing.length === 0)
    for (const document of made) {
      const key = `deals/${dealId}/envelopes/${envelope.id}/${document.kind}.pdf`;
      await putPdf(deps, key, document.bytes);
      await deps.db
        .insert(envelopeDocuments)
        .values({ envelopeId: envelope.id, kind: document.kind, storageKey: key, sha256: sha256(document.bytes) });
    }
  const stored = await storedDocuments(deps, envelope);
  const { envelopeId } = await deps.providers.esign.createEnvelope({
    reference: envelope.id,
    callbackUrl: `${deps.callbackUrl.replace(/\/$/, '')}/api/webhooks/esign`,
    documents: stored.map((document) => ({
      documentId: document.kind,
      name: SALE_DOCUMENTS[document.kind as SaleDocumentKind].title,
      bytes: document.bytes,
      sha256: document.sha256,
    })),
    // Where each signs comes from the layout; it does not change between two makings of the same documents.
    recipients: (['buyer', 'seller'] as const).map((side) => ({
      recipientId: side,
      name: facts[side].name,
      email: facts[side].email,
      tabs: made.flatMap((document) =>
        document.tabs.filter((tab) => tab.signer === side).map(({ signer: _signer, ...tab }) => ({ ...tab, documentId: document.kind })),
      ),
    })),
  });
  // Two requests may both get here; the first to record its provider envelope wins.
  await deps.db
    .update(envelopes)
    .set({ externalId: envelopeId, status: 'sent' })
    .where(and(eq(envelopes.id, envelope.id), isNull(envelopes.externalId)));
  const [sent] = await deps.db.select().from(envelopes).where(eq(envelopes.id, envelope.id));
  return sent!;
}

/** A signing session for the caller's own recipient: their consent recorded, the documents checked, the provider's one-time URL. */
export async function openSigningSession(deps: SigningDeps, row: TransactionRow, input: SigningSessionRequest): Promise<{ url: string }> {
  if (!acceptsPartyEvent(row.flow, row.status, 'documents signed'))
    throw new TransactionRefusal(422, 'Signing is not possible now: finish the steps before it first.');
  const waitingFor = documentsWaitFor(await dealSides(deps.db, row.dealId), row.side);
  if (waitingFor) throw new TransactionRefusal(409, `The documents are made once ${waitingFor}, so the figures in them are final.`);
  const envelope = await ensureEnvelope(deps, row.dealId);
  await storedDocuments(deps, envelope);
  await deps.db
    .update(envelopeRecipients)
    .set({ consentedAt: new Date(), shareContact: input.shareContact })
    .where(and(eq(envelopeRecipients.envelopeId, envelope.id), eq(envelopeRecipients.side, row.side)));
  const returnUrl = `${deps.appOrigin.replace(/\/$/, '')}/transaction/signature?transaction=${row.id}`;
  return { url: await deps.providers.esign.signingUrl(envelope.externalId!, row.side, returnUrl) };
}

/** Where the signing stands, as the caller may see it: their documents (signed copies once complete) by short-lived link. */
export async function signingState(deps: SigningDeps, row: TransactionRow): Promise<SigningState> {
  const envelope = await liveEnvelope(deps.db, row.dealId);
  const [refused] = envelope
    ? []
    : await deps.db
        .select()
        .from(envelopes)
        .where(and(eq(envelopes.dealId, row.dealId), eq(envelopes.status, 'refused')))
        .orderBy(desc(envelopes.createdAt))
        .limit(1);
  if (!envelope?.externalId) {
    return {
      envelopeId: null,
      status: refused ? 'refused' : 'not ready',
      refusedReason: refused ? DOCUMENTS_CHANGED : null,
      waitingFor: documentsWaitFor(await dealSides(deps.db, row.dealId), row.side),
      you: { signedAt: null, consentedAt: null },
      other: { signedAt: null },
      documents: [],
    };
  }
  const recipients = await deps.db.select().from(envelopeRecipients).where(eq(envelopeRecipients.envelopeId, envelope.id));
  const documents = await deps.db.select().from(envelopeDocuments).where(eq(envelopeDocuments.envelopeId, envelope.id));
  const mine = recipients.find((recipient) => recipient.side === row.side);
  const theirs = recipients.find((recipient) => recipient.side !== row.side);
  return {
    envelopeId: envelope.id,
    status: envelope.status === 'completed' ? 'completed' : 'sent',
    refusedReason: null,
    waitingFor: null,
    you: { signedAt: mine?.signedAt?.toISOString() ?? null, consentedAt: mine?.consentedAt?.toISOString() ?? null },
    other: { signedAt: theirs?.signedAt?.toISOString() ?? null },
    documents: await Promise.all(
      documents.map(async (document) => {
        const key = document.signedKey ?? document.storageKey;
        const command = new GetObjectCommand({
          Bucket: deps.bucket,
          Key: key,
          ResponseContentDisposition: `inline; filename="${document.kind}.pdf"`,
        });
        return {
          kind: document.kind as SaleDocumentKind,
          title: SALE_DOCUMENTS[document.kind as SaleDocumentKind].title,
          sha256: document.signedSha256 ?? document.sha256,
          signed: document.signedKey !== null,
          url: await getSignedUrl(deps.presigner, command, { expiresIn: SIGNED_URL_SECONDS }),
        };
      }),
    ),
  };
}

/** 'documents signed' is taken only when the provider says this party's recipient signed the deal's live envelope. */
export async function confirmSigned(db: Database, providers: Providers, row: TransactionRow, envelopeId: string) {
  const envelope = await liveEnvelope(db, row.dealId);
  if (!envelope?.externalId || envelope.id !== envelopeId)
    throw new TransactionRefusal(422, 'Those documents are not this sale’s to sign any more. Open the documents again.');
  const state = await providers.esign.envelope(envelope.externalId);
  const recipient = state.recipients.find((candidate) => candidate.recipientId === row.side);
  if (recipient?.status !== 'completed')
    throw new TransactionRefusal(422, 'The signing service has not confirmed your signature. Open the documents and finish signing.');
  return { signedAt: recipient.signedAt ?? new Date().toISOString(), signedFrom: recipient.ip };
}

/** Records, with the action, when and from where the party signed. */
export async function recordSigned(
  tx: Tx,
  row: TransactionRow,
  envelopeId: string,
  signed: { signedAt: string; signedFrom: string | null },
) {
  await tx
    .update(envelopeRecipients)
    .set({ signedAt: new Date(signed.signedAt), signedFrom: signed.signedFrom })
    .where(and(eq(envelopeRecipients.envelopeId, envelopeId), eq(envelopeRecipients.side, row.side)));
}

/**
 * Before a completed envelope counts: the provider signed what we sent (its hashes are ours, and
 * our stored copies still hash right); the signed copies are stored beside the originals. False
 * when the envelope is refused.
 */
export async function collectSignedDocuments(deps: SigningDeps, envelopeId: string): Promise<boolean> {
  const [envelope] = await deps.db.select().from(envelopes).where(eq(envelopes.id, envelopeId));
  if (!envelope?.externalId || envelope.status !== 'sent') return envelope?.status === 'completed';
  const state = await deps.providers.esign.envelope(envelope.externalId);
  if (state.status !== 'completed') return false;
  const stored = await storedDocuments(deps, envelope).catch(() => null);
  if (!stored) return false;
  for (const document of stored) {
    const sent = state.documents.find((candidate) => candidate.documentId === document.kind);
    if (sent?.sha256 !== document.sha256) {
      await deps.db
        .update(envelopes)
        .set({ status: 'refused', refusedReason: `${document.kind} signed by the provider is not the document we made` })
        .where(eq(envelopes.id, envelope.id));
      return false;
    }
    const signed = await deps.providers.esign.document(envelope.externalId, document.kind);
    const signedKey = `deals/${envelope.dealId}/envelopes/${envelope.id}/signed/${document.kind}.pdf`;
    await putPdf(deps, signedKey, signed);
    await deps.db
      .update(envelopeDocuments)
      .set({ signedKey, signedSha256: sha256(signed) })
      .where(and(eq(envelopeDocuments.envelopeId, envelope.id), eq(envelopeDocuments.kind, document.kind)));
  }
  return true;
}

/** Marks the envelope complete in the webhook's database transaction; whether it changed. */
export async function completeEnvelope(tx: Tx, envelopeId: string): Promise<boolean> {
  const [done] = await tx
    .update(envelopes)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(envelopes.id, envelopeId), eq(envelopes.status, 'sent')))
    .returning({ id: envelopes.id });
  return done !== undefined;
}
