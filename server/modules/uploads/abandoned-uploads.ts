/**
 * The periodic clean-up: multipart uploads storage still holds that nobody owns any more — no
 * upload row, a row already completed or aborted, or one nobody touched for a week — are
 * aborted so their parts stop taking space. Runs in the API process on an interval.
 */
import { AbortMultipartUploadCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { inArray } from 'drizzle-orm';
import { uploads } from '../../db/schema';
import type { StorageDeps } from './multipart';
import { unitOfWork } from '../../kernel/unit-of-work';
import { markAborted } from './multipart';

export const ABANDONED_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** Aborts what nobody owns under `prefix` (the whole bucket by default); answers how many. */
export async function abortAbandonedUploads(deps: Omit<StorageDeps, 'presigner'>, { now = Date.now(), prefix = '' } = {}): Promise<number> {
  let aborted = 0;
  let keyMarker: string | undefined;
  let uploadIdMarker: string | undefined;
  do {
    const page = await deps.s3.send(
      new ListMultipartUploadsCommand({
        Bucket: deps.bucket,
        Prefix: prefix || undefined,
        KeyMarker: keyMarker,
        UploadIdMarker: uploadIdMarker,
      }),
    );
    const held = page.Uploads ?? [];
    const ids = held.map((upload) => upload.UploadId!);
    const rows = ids.length ? await deps.db.select().from(uploads).where(inArray(uploads.s3UploadId, ids)) : [];
    for (const upload of held) {
      const row = rows.find((candidate) => candidate.s3UploadId === upload.UploadId);
      const owned = row?.status === 'in progress' && now - row.touchedAt.getTime() < ABANDONED_AFTER_MS;
      if (owned) continue;
      await deps.s3.send(new AbortMultipartUploadCommand({ Bucket: deps.bucket, Key: upload.Key, UploadId: upload.UploadId }));
      // Nothing follows from it, and no one is told: a unit of work of its own, with nothing but the row.
      if (row) await unitOfWork({ db: deps.db }, {}, (uow) => markAborted(uow.tx, row.id));
      aborted += 1;
    }
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
    uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
  } while (keyMarker);
  return aborted;
}
