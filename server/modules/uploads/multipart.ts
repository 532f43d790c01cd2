/**
 * The storage side of the resumable uploader (issue 8): the API creates the upload, signs the
 * part URLs the browser sends bytes to, lists the parts storage holds, completes, and aborts.
 * The browser never holds storage credentials. A document is recorded only once the stored
 * object's size equals the size the browser declared (SPEC §4.5, §8).
 */
import type { CreatedUpload, SignedParts, StoredDocument, StoredParts } from '../../../src/domain/upload-contract';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { eq, sql } from 'drizzle-orm';
import { DOCUMENT_SLOTS, fileProblem, type CompleteUpload, type CreateUpload } from '../../../src/domain/document-slots';
import { partRange, planParts, SIGNED_URL_SECONDS, STORAGE_MESSAGES } from '../../../src/domain/upload-plan';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { transactionFor, type UserRow } from '../../kernel/access';
import type { Tx } from '../../kernel/event-log';
import { reviewDocument } from './review';
import { keyFor, runningUpload, UploadRefused, UPLOAD_NOT_FOUND, type UploadRow } from './upload-records';

export interface StorageDeps {
  db: Database;
  s3: S3Client;
  /** Signs the URLs the browser uses; the same client unless storage has a public endpoint of its own. */
  presigner: S3Client;
  bucket: string;
}

const isNoSuchUpload = (error: unknown) => (error as { name?: string }).name === 'NoSuchUpload';

export function uploadView(row: UploadRow): CreatedUpload {
  const plan = planParts(row.size);
  return {
    id: row.id,
    bucket: row.bucket,
    key: row.key,
    multipart: row.s3UploadId !== null,
    uploadId: row.s3UploadId,
    size: row.size,
    partSize: plan.partSize,
    partCount: plan.partCount,
    status: row.status,
  };
}

/** A new upload as checked (the caller's transaction, a slot it asks for, an acceptable file), begun in storage: the row to record. */
export async function beginUpload(deps: StorageDeps, user: UserRow, input: CreateUpload) {
  if (input.bucket !== undefined && input.bucket !== deps.bucket)
    throw new UploadRefused(403, 'Documents are stored in the product’s own bucket only.');
  const { row: transaction } = await transactionFor(deps.db, input.transactionId, user);
  const slot = DOCUMENT_SLOTS[input.slot];
  if (!(slot.sides as readonly string[]).includes(transaction.side))
    throw new UploadRefused(422, `This transaction does not ask for ${slot.label.toLowerCase()}.`);
  const problem = fileProblem(input.slot, { name: input.fileName, type: input.contentType, size: input.size });
  if (problem) throw new UploadRefused(400, problem);

  const plan = planParts(input.size);
  const key = keyFor(user, input.transactionId, input.slot, input.fileName);
  const created =
    plan.kind === 'multipart'
      ? await deps.s3.send(new CreateMultipartUploadCommand({ Bucket: deps.bucket, Key: key, ContentType: input.contentType }))
      : undefined;
  return {
    userId: user.id,
    transactionId: input.transactionId,
    slot: input.slot,
    bucket: deps.bucket,
    key,
    s3UploadId: created?.UploadId ?? null,
    fileName: input.fileName,
    contentType: input.contentType,
    size: input.size,
    partSize: plan.partSize,
  } satisfies typeof uploads.$inferInsert;
}

export async function recordUpload(tx: Tx, values: typeof uploads.$inferInsert): Promise<CreatedUpload> {
  const [row] = await tx.insert(uploads).values(values).returning();
  return uploadView(row!);
}

/**
 * Presigned URLs for `partNumbers` (a single upload has one: part 1, a plain PUT), each with the
 * headers its signature binds, which the browser must send as they are. A single PUT binds the
 * checked content type and writes only where no object is yet (`If-None-Match: *`), so the URL,
 * valid for 15 minutes, cannot replace the document once it is recorded; a part URL dies with its
 * multipart upload when that completes.
 */
export async function signParts(deps: StorageDeps, user: UserRow, id: string, partNumbers: number[]): Promise<SignedParts> {
  const row = await runningUpload(deps.db, id, user);
  const plan = planParts(row.size);
  const outside = partNumbers.find((number) => number > plan.partCount);
  if (outside) throw new UploadRefused(400, `This upload has ${plan.partCount} parts; there is no part ${outside}.`);
  const urls = await Promise.all(
    [...new Set(partNumbers)].map(async (partNumber) => {
      const { start, end } = partRange(plan, partNumber);
      if (row.s3UploadId) {
        const part = new UploadPartCommand({
          Bucket: row.bucket,
          Key: row.key,
          UploadId: row.s3UploadId,
          PartNumber: partNumber,
          ContentLength: end - start,
        });
        return { partNumber, url: await getSignedUrl(deps.presigner, part, { expiresIn: SIGNED_URL_SECONDS }), headers: {} };
      }
      const headers = { 'content-type': row.contentType, 'if-none-match': '*' };
      const put = new PutObjectCommand({
        Bucket: row.bucket,
        Key: row.key,
        ContentType: row.contentType,
        ContentLength: row.size,
        IfNoneMatch: '*',
      });
      const url = await getSignedUrl(deps.presigner, put, {
        expiresIn: SIGNED_URL_SECONDS,
        signableHeaders: new Set(Object.keys(headers)),
      });
      return { partNumber, url, headers };
    }),
  );
  return { urls, expiresAt: Date.now() + SIGNED_URL_SECONDS * 1000 };
}

/**
 * Every part storage holds for the upload (all pages); 404 when storage no longer knows it. A
 * single-request upload's one part is the object, once it is there.
 */
export async function listParts(deps: StorageDeps, user: UserRow, id: string): Promise<StoredParts | { gone: UploadRow }> {
  const row = await runningUpload(deps.db, id, user);
  if (!row.s3UploadId) {
    const stored = await headOf(deps, row);
    return { parts: stored ? [{ partNumber: 1, eTag: stored.ETag!, size: stored.ContentLength! }] : [] };
  }
  const parts: { partNumber: number; eTag: string; size: number }[] = [];
  let marker: string | undefined;
  try {
    do {
      const page = await deps.s3.send(
        new ListPartsCommand({ Bucket: row.bucket, Key: row.key, UploadId: row.s3UploadId, PartNumberMarker: marker, MaxParts: 1000 }),
      );
      for (const part of page.Parts ?? []) parts.push({ partNumber: part.PartNumber!, eTag: part.ETag!, size: part.Size! });
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
  } catch (error) {
    if (isNoSuchUpload(error)) return { gone: row };
    throw error;
  }
  return { parts };
}

/**
 * Completes the upload and records the document once the stored size matches. Idempotent: a
 * repeated call after a lost answer returns the same document, and an upload storage already
 * completed (NoSuchUpload on complete) is accepted when the object is there with the right size.
 */
export async function finishInStorage(
  deps: StorageDeps,
  row: UploadRow,
  input: CompleteUpload,
): Promise<{ review: Awaited<ReturnType<typeof reviewDocument>> } | { abort: UploadRefused }> {
  const plan = planParts(row.size);
  const numbers = input.parts.map((part) => part.partNumber);
  if (new Set(numbers).size !== numbers.length) throw new UploadRefused(400, 'Each part number may appear only once.');
  if (numbers.length !== plan.partCount)
    throw new UploadRefused(400, `This upload has ${plan.partCount} parts; ${numbers.length} were sent to complete it.`);

  if (row.s3UploadId) {
    const parts = [...input.parts]
      .sort((a, b) => a.partNumber - b.partNumber)
      .map((part) => ({ PartNumber: part.partNumber, ETag: part.eTag }));
    try {
      await deps.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: row.bucket,
          Key: row.key,
          UploadId: row.s3UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      // Completed by an earlier call whose answer was lost, or by one at the same moment (its parts are then gone, and
      // the object is there), or aborted: the object decides.
      if (!isNoSuchUpload(error) && !(await headOf(deps, row))) throw partRefusal(error);
    }
  }
  const stored = await headOf(deps, row);
  if (!stored) {
    if (row.s3UploadId) return { abort: new UploadRefused(404, UPLOAD_NOT_FOUND) };
    throw new UploadRefused(422, STORAGE_MESSAGES.notFound);
  }
  if (stored.ContentLength !== row.size) {
    await deps.s3.send(new DeleteObjectCommand({ Bucket: row.bucket, Key: row.key }));
    return { abort: new UploadRefused(422, STORAGE_MESSAGES.sizeMismatch) };
  }
  try {
    return { review: await reviewDocument(deps.s3, row, stored.ETag!) };
  } catch (error) {
    if ((error as { name?: string }).name !== 'PreconditionFailed') throw error;
    // The object changed between the size check and the review: neither can be trusted.
    await deps.s3.send(new DeleteObjectCommand({ Bucket: row.bucket, Key: row.key }));
    return { abort: new UploadRefused(409, 'The file changed in storage while we checked it. Upload it again.') };
  }
}

/** The object the upload writes, when storage holds it. */
const headOf = (deps: StorageDeps, row: UploadRow) =>
  deps.s3.send(new HeadObjectCommand({ Bucket: row.bucket, Key: row.key })).catch(() => undefined);

/** The document recorded: the upload completed, with the review's answer. */
export async function markCompleted(tx: Tx, row: UploadRow, review: Awaited<ReturnType<typeof reviewDocument>>): Promise<StoredDocument> {
  const [done] = await tx
    .update(uploads)
    .set({ status: 'completed', completedAt: sql`now()`, touchedAt: sql`now()`, review: review.review, refusalReason: review.reason })
    .where(eq(uploads.id, row.id))
    .returning();
  return documentOf(done!);
}

/** Stops the upload in storage and frees the parts it holds. */
export async function abortInStorage(deps: StorageDeps, row: UploadRow) {
  if (row.s3UploadId) {
    await deps.s3
      .send(new AbortMultipartUploadCommand({ Bucket: row.bucket, Key: row.key, UploadId: row.s3UploadId }))
      .catch((error: unknown) => {
        if (!isNoSuchUpload(error)) throw new Error(STORAGE_MESSAGES.cleanUpFailed, { cause: error });
      });
  } else {
    await deps.s3.send(new DeleteObjectCommand({ Bucket: row.bucket, Key: row.key }));
  }
}

export async function markAborted(db: Database | Tx, id: string) {
  await db
    .update(uploads)
    .set({ status: 'aborted', touchedAt: sql`now()` })
    .where(eq(uploads.id, id));
}

/** S3's refusals of the part list (InvalidPart, InvalidPartOrder, EntityTooSmall) are the caller's to fix. */
function partRefusal(error: unknown): Error {
  const name = (error as { name?: string }).name ?? '';
  if (['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall'].includes(name))
    return new UploadRefused(400, `Storage refused the part list (${name}): ${(error as Error).message}`);
  return error as Error;
}

export function documentOf(row: UploadRow): StoredDocument {
  return {
    id: row.id,
    transactionId: row.transactionId,
    slot: row.slot,
    key: row.key,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    review: row.review ?? 'received',
    refusalReason: row.refusalReason,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
