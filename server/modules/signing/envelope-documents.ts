/**
 * The envelope's documents in storage (DESIGN.md §9): every document generated from the deal,
 * stored with its SHA-256 under `deals/{id}/envelopes/{envelope}/`; checked against that hash
 * before anyone signs; and, once the provider completed the envelope, its signed copies stored
 * beside them — but only when what the provider signed is what we made.
 */
import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { documentsOfSale } from '../../../src/domain/signing';
import type { Database } from '../../db/client';
import { envelopeDocuments } from '../../db/signing-tables';
import type { Providers } from '../../providers/providers';
import { saleDocument } from '../documents/sale-documents';
import type { SaleFacts } from '../documents/sale-facts';
import type { EnvelopeRow } from './envelope-records';

export interface SigningStorage {
  s3: S3Client;
  /** Signs the links browsers open (a public endpoint may differ from the one the API reaches). */
  presigner: S3Client;
  bucket: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function readObject(storage: SigningStorage, key: string): Promise<Uint8Array> {
  const object = await storage.s3.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
  return object.Body!.transformToByteArray();
}

const putPdf = (storage: SigningStorage, key: string, bytes: Uint8Array) =>
  storage.s3.send(new PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: bytes, ContentType: 'application/pdf' }));

/** The sale's documents, generated from what the deal holds now, with where each party signs. */
export async function composeDocuments(facts: SaleFacts) {
  const kinds = documentsOfSale({ financed: facts.breakdown.financing !== null });
  return Promise.all(kinds.map(async (kind) => ({ kind, ...(await saleDocument(kind, facts)) })));
}

/** Stores the documents made for `envelope`: what to record of each. */
export async function storeDocuments(storage: SigningStorage, envelope: EnvelopeRow, documents: { kind: string; bytes: Uint8Array }[]) {
  return Promise.all(
    documents.map(async ({ kind, bytes }) => {
      const storageKey = `deals/${envelope.dealId}/envelopes/${envelope.id}/${kind}.pdf`;
      await putPdf(storage, storageKey, bytes);
      return { kind, storageKey, sha256: sha256(bytes) };
    }),
  );
}

type StoredDocument = typeof envelopeDocuments.$inferSelect & { bytes: Uint8Array };

/** Each stored document's bytes, checked against its recorded SHA-256; what changed, if one did. */
export async function storedDocuments(
  storage: SigningStorage,
  db: Database,
  envelope: EnvelopeRow,
): Promise<{ documents: StoredDocument[] } | { changed: string }> {
  const rows = await db.select().from(envelopeDocuments).where(eq(envelopeDocuments.envelopeId, envelope.id));
  const documents = [];
  for (const row of rows) {
    const bytes = await readObject(storage, row.storageKey);
    if (sha256(bytes) !== row.sha256) return { changed: `${row.kind} no longer matches its SHA-256` };
    documents.push({ ...row, bytes });
  }
  return { documents };
}

/**
 * Before a completed envelope counts: the provider signed what we sent (its hashes are ours, and
 * our stored copies still hash right); the signed copies are stored beside the originals. What to
 * record, what to refuse the envelope for, or that the provider has not completed it.
 */
export type SignedCopies =
  { notCompleted: true } | { refuse: string } | { signed: { kind: string; signedKey: string; signedSha256: string }[] };

export async function collectSignedCopies(
  storage: SigningStorage,
  providers: Providers,
  db: Database,
  envelope: EnvelopeRow,
): Promise<SignedCopies> {
  const state = await providers.esign.envelope(envelope.externalId!);
  if (state.status !== 'completed') return { notCompleted: true };
  const stored = await storedDocuments(storage, db, envelope).catch(() => ({ changed: 'the stored documents cannot be read' }));
  if ('changed' in stored) return { refuse: stored.changed };
  const signed = [];
  for (const document of stored.documents) {
    const sent = state.documents.find((candidate) => candidate.documentId === document.kind);
    if (sent?.sha256 !== document.sha256) return { refuse: `${document.kind} signed by the provider is not the document we made` };
    const bytes = await providers.esign.document(envelope.externalId!, document.kind);
    const signedKey = `deals/${envelope.dealId}/envelopes/${envelope.id}/signed/${document.kind}.pdf`;
    await putPdf(storage, signedKey, bytes);
    signed.push({ kind: document.kind, signedKey, signedSha256: sha256(bytes) });
  }
  return { signed };
}

export const documentUrlCommand = (storage: SigningStorage, key: string, kind: string) =>
  new GetObjectCommand({ Bucket: storage.bucket, Key: key, ResponseContentDisposition: `inline; filename="${kind}.pdf"` });
