/**
 * The caller's documents: completed uploads, newest first, a page at a time (at most 1000,
 * §5; `ALL` reads every page), each with a presigned GET URL that expires after 900 s (§9).
 * A user reads only their own documents; admins read any transaction's.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { DocumentList } from '../../../src/domain/upload-contract';
import { pageTokenParts } from '../../../src/domain/document-slots';
import { SIGNED_URL_SECONDS } from '../../../src/domain/upload-plan';
import { uploads } from '../../db/schema';
import { transactionFor, type UserRow } from '../../kernel/access';
import { isSharedInspectionPhoto } from '../deals/shared-inspection';
import { isCaseEvidence } from '../delivery/dispute-rows';
import { sentToThem } from '../messages/threads';
import { documentOf, type StorageDeps } from './multipart';
import { UploadRefused, type UploadRow } from './upload-records';

const DEFAULT_PAGE = 100;

/**
 * Always an attachment, typed as the review found it (plain bytes when the contents were not the
 * type claimed), so a document never renders as a page of this or storage's origin.
 */
async function signedGet(deps: StorageDeps, row: UploadRow): Promise<DocumentList['documents'][number]> {
  const command = new GetObjectCommand({
    Bucket: row.bucket,
    Key: row.key,
    ResponseContentDisposition: `attachment; filename="${row.fileName.replace(/[^\w.-]+/g, '-')}"`,
    ResponseContentType: row.review === 'refused' ? 'application/octet-stream' : row.contentType,
  });
  return { ...documentOf(row), url: await getSignedUrl(deps.presigner, command, { expiresIn: SIGNED_URL_SECONDS }) };
}

export async function listDocuments(
  deps: StorageDeps,
  user: UserRow,
  query: { transactionId?: string; pageSize?: number | 'ALL'; after?: string },
): Promise<DocumentList> {
  const conditions: SQL[] = [eq(uploads.status, 'completed')];
  if (query.transactionId) {
    const { role } = await transactionFor(deps.db, query.transactionId, user);
    conditions.push(eq(uploads.transactionId, query.transactionId));
    if (role !== null || user.type !== 'admin') conditions.push(eq(uploads.userId, user.id));
  } else {
    conditions.push(eq(uploads.userId, user.id));
  }
  const after = query.after ? pageTokenParts(query.after) : undefined;
  if (after) conditions.push(or(lt(uploads.completedAt, after.at), and(eq(uploads.completedAt, after.at), lt(uploads.id, after.id)))!);
  const limit = query.pageSize === 'ALL' ? undefined : (query.pageSize ?? DEFAULT_PAGE);
  const base = deps.db
    .select()
    .from(uploads)
    .where(and(...conditions))
    .orderBy(desc(uploads.completedAt), desc(uploads.id));
  const rows = limit === undefined ? await base : await base.limit(limit + 1);
  const page = limit === undefined ? rows : rows.slice(0, limit);
  const last = page.at(-1);
  const next = limit !== undefined && rows.length > limit && last ? `${last.completedAt!.toISOString()}|${last.id}` : null;
  return { documents: await Promise.all(page.map((row) => signedGet(deps, row))), next };
}

/**
 * One of the caller's documents by key, with a fresh URL (or a photo of the seller's inspection
 * shared with its buyer, or a file the other party sent them in a message); someone else's key answers 404.
 */
export async function readDocument(deps: StorageDeps, user: UserRow, key: string): Promise<DocumentList['documents'][number]> {
  const [row] = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.status, 'completed')));
  if (!row) throw new UploadRefused(404, 'Object does not exist');
  const readable =
    row.userId === user.id ||
    user.type === 'admin' ||
    (await isSharedInspectionPhoto(deps.db, user, row.transactionId, row.key)) ||
    (row.slot === 'message-attachment' && (await sentToThem(deps.db, user, row.id))) ||
    (row.slot === 'dispute-evidence' && (await isCaseEvidence(deps.db, user, row.key)));
  if (!readable) throw new UploadRefused(404, 'Object does not exist');
  return signedGet(deps, row);
}
