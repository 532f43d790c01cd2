/**
 * Upload rows as the API sees them: a caller reaches only their own uploads (anyone else gets
 * 404, so an upload id reveals nothing), and the key is chosen here under the caller's private
 * prefix (SPEC §6), never by the browser.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { DocumentSlot } from '../../../src/domain/document-slots';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import type { UserRow } from '../../kernel/access';

export type UploadRow = typeof uploads.$inferSelect;

export class UploadRefused extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

export const UPLOAD_NOT_FOUND = 'Upload not found. It may have been cancelled or cleaned up; start it again.';

/**
 * `private/{owner}/transactions/{id}/{slot}/{uuid}-{name}` (§6). The owner is the server's own user
 * id, never the identity id the app reports: without an identity pool to ask, that is only a value
 * the client sent, and it could name another user's prefix (DESIGN §12).
 */
export function keyFor(user: UserRow, transactionId: string, slot: DocumentSlot, fileName: string): string {
  const safeName = fileName.replace(/[^\w.-]+/g, '-').slice(-100);
  return `private/${user.id}/transactions/${transactionId}/${slot}/${randomUUID()}-${safeName}`;
}

/** The caller's own upload, or 404. */
export async function ownUpload(db: Database, id: string, user: UserRow): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, user.id)));
  if (!row) throw new UploadRefused(404, UPLOAD_NOT_FOUND);
  return row;
}

/** The caller's own upload that is still running, or 404 (aborted) / 409 (already completed). */
export async function runningUpload(db: Database, id: string, user: UserRow): Promise<UploadRow> {
  const row = await ownUpload(db, id, user);
  if (row.status === 'aborted') throw new UploadRefused(404, UPLOAD_NOT_FOUND);
  if (row.status === 'completed') throw new UploadRefused(409, 'This upload is already complete.');
  await db
    .update(uploads)
    .set({ touchedAt: sql`now()` })
    .where(eq(uploads.id, id));
  return row;
}
