/**
 * A party's document uploads (issue 8): begun (the API picks the key under the caller's private
 * prefix), completed (the stored object checked and reviewed, then recorded as the document — the
 * deal's parties see their documents anew), cancelled, and found gone from storage. Storage is
 * talked to outside the unit of work; what we record of it is one unit of work each.
 */
import type { CompleteUpload, CreateUpload } from '../../src/domain/document-slots';
import type { StoredDocument } from '../../src/domain/upload-contract';
import type { UserRow } from '../kernel/access';
import {
  abortInStorage,
  beginUpload,
  documentOf,
  finishInStorage,
  listParts,
  markAborted,
  markCompleted,
  recordUpload,
  type StorageDeps,
} from '../modules/uploads/multipart';
import { ownUpload, runningUpload, UploadRefused, UPLOAD_NOT_FOUND } from '../modules/uploads/upload-records';
import { transactions } from '../db/schema';
import { eq } from 'drizzle-orm';
import type { CommandContext } from './context';

export async function createUpload(ctx: CommandContext, storage: StorageDeps, user: UserRow, input: CreateUpload) {
  const values = await beginUpload(storage, user, input);
  return (await ctx.run({}, (uow) => recordUpload(uow.tx, values))).result;
}

/**
 * Idempotent: a repeated call after a lost answer returns the same document, and an upload
 * storage already completed is accepted when the object is there with the right size.
 */
export async function completeUpload(
  ctx: CommandContext,
  storage: StorageDeps,
  user: UserRow,
  id: string,
  input: CompleteUpload,
): Promise<StoredDocument> {
  // Completed already, or by a call still under way when this one came (a page reloaded while its call was out): the
  // same document.
  const row = await runningUpload(ctx.db, id, user).catch((error: unknown) => {
    if (error instanceof UploadRefused && error.statusCode === 409) return undefined;
    throw error;
  });
  if (!row) return documentOf(await ownUpload(ctx.db, id, user));
  const finished = await finishInStorage(storage, row, input);
  if ('abort' in finished) {
    await ctx.run({}, (uow) => markAborted(uow.tx, row.id));
    throw finished.abort;
  }
  const [deal] = await ctx.db.select({ dealId: transactions.dealId }).from(transactions).where(eq(transactions.id, row.transactionId));
  return (
    await ctx.run({ dealId: deal?.dealId }, async (uow) => {
      if (deal) uow.touch(deal.dealId, 'documents updated');
      return markCompleted(uow.tx, row, finished.review);
    })
  ).result;
}

/** A completed upload cannot be cancelled; cancelling twice is cancelling once. */
export async function abortUpload(ctx: CommandContext, storage: StorageDeps, user: UserRow, id: string) {
  const row = await ownUpload(ctx.db, id, user);
  if (row.status === 'completed') throw new UploadRefused(409, 'This upload is complete; it cannot be cancelled.');
  if (row.status === 'aborted') return { aborted: true };
  await abortInStorage(storage, row);
  await ctx.run({}, (uow) => markAborted(uow.tx, row.id));
  return { aborted: true };
}

/** The parts storage holds; an upload storage no longer knows is recorded as aborted, and 404. */
export async function uploadParts(ctx: CommandContext, storage: StorageDeps, user: UserRow, id: string) {
  const listed = await listParts(storage, user, id);
  if (!('gone' in listed)) return listed;
  await ctx.run({}, (uow) => markAborted(uow.tx, listed.gone.id));
  throw new UploadRefused(404, UPLOAD_NOT_FOUND);
}
