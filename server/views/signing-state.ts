/**
 * Where the signing stands, as the caller may see it (SPEC §2.4 signature): what the documents
 * still wait for, their consent and signature and the other party's, and their documents (signed
 * copies once complete) by short-lived link.
 */
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { and, desc, eq } from 'drizzle-orm';
import { SALE_DOCUMENTS, type SaleDocumentKind, type SigningState } from '../../src/domain/signing';
import { SIGNED_URL_SECONDS } from '../../src/domain/upload-plan';
import type { Database } from '../db/client';
import { envelopeDocuments, envelopeRecipients, envelopes } from '../db/signing-tables';
import { dealSides } from '../kernel/deal-sides';
import type { TransactionRow } from '../kernel/event-log';
import { documentUrlCommand, type SigningStorage } from '../modules/signing/envelope-documents';
import { documentsWaitFor, DOCUMENTS_CHANGED, liveEnvelope } from '../modules/signing/envelope-records';

export async function signingState(db: Database, storage: SigningStorage, row: TransactionRow): Promise<SigningState> {
  const envelope = await liveEnvelope(db, row.dealId);
  const [refused] = envelope
    ? []
    : await db
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
      waitingFor: documentsWaitFor(await dealSides(db, row.dealId), row.side),
      you: { signedAt: null, consentedAt: null },
      other: { signedAt: null },
      documents: [],
    };
  }
  const recipients = await db.select().from(envelopeRecipients).where(eq(envelopeRecipients.envelopeId, envelope.id));
  const documents = await db.select().from(envelopeDocuments).where(eq(envelopeDocuments.envelopeId, envelope.id));
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
      documents.map(async (document) => ({
        kind: document.kind as SaleDocumentKind,
        title: SALE_DOCUMENTS[document.kind as SaleDocumentKind].title,
        sha256: document.signedSha256 ?? document.sha256,
        signed: document.signedKey !== null,
        url: await getSignedUrl(storage.presigner, documentUrlCommand(storage, document.signedKey ?? document.storageKey, document.kind), {
          expiresIn: SIGNED_URL_SECONDS,
        }),
      })),
    ),
  };
}
