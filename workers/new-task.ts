/**
 * A new upload task, written here and only here (the worker is the one writer of tasks): the
 * file's fingerprint and part plan, and the file itself when the device has room to keep it. A
 * device without room keeps only the fingerprint; the caller holds the file in memory, and after a
 * reload the user is asked for the same file again (checked against the fingerprint).
 */
import type { DocumentSlot } from '../src/domain/document-slots';
import { planParts } from '../src/domain/upload-plan';
import { fingerprintOf } from './fingerprint';
import { uploadDb, type UploadTask } from './upload-store';

export interface NewUpload {
  owner: string;
  transactionId: string;
  slot: DocumentSlot;
  file: File;
  /** The site's storage as the page sees it (the page's estimate is the one a person can be shown). */
  storage?: { quota?: number; usage?: number };
}

/** Whether the device can keep a copy of `size` more bytes, leaving room for everything else. */
function roomFor(size: number, storage: NewUpload['storage']): boolean {
  if (!storage?.quota) return true;
  return storage.quota - (storage.usage ?? 0) > size * 1.1 + 50 * 1024 * 1024;
}

/** Stores a task for `input.file`; `kept` says whether the file went with it. */
export async function addTask({ owner, transactionId, slot, file, storage }: NewUpload): Promise<{ id: string; kept: boolean }> {
  const plan = planParts(file.size);
  const id = crypto.randomUUID();
  const now = Date.now();
  const task: UploadTask = {
    id,
    owner,
    transactionId,
    slot,
    fileName: file.name,
    contentType: file.type,
    size: file.size,
    lastModified: file.lastModified,
    fingerprint: await fingerprintOf(file),
    fileKept: false,
    status: 'init',
    pauseReason: null,
    error: null,
    uploadId: null,
    bucket: null,
    key: null,
    partSize: plan.partSize,
    partCount: plan.partCount,
    parts: [],
    bytesConfirmed: 0,
    bytesInFlight: 0,
    bytesSent: 0,
    bytesPerSecond: 0,
    retries: 0,
    retryAt: 0,
    document: null,
    createdAt: now,
    lastTouched: now,
  };
  const kept =
    roomFor(file.size, storage) &&
    (await uploadDb
      .transaction('rw', uploadDb.tasks, uploadDb.files, async () => {
        await uploadDb.files.add({ id, file });
        await uploadDb.tasks.add({ ...task, fileKept: true });
      })
      .then(
        () => true,
        () => false,
      ));
  if (!kept) await uploadDb.tasks.add(task);
  return { id, kept };
}
