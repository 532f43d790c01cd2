/**
 * Upload tasks in IndexedDB (database `caramel-uploads`, apart from the app's records because
 * it holds the files themselves): the §3 upload task record (uploadId, lastTouched, bucket,
 * key, fileName), the part plan, every finished part's number, ETag and size, the status and
 * why it paused, progress, and the File — so a reload or browser restart resumes without the
 * user choosing the file again. When the device lacked room for the file, `file` is null and
 * the fingerprint lets the user give back the same file, and only that file. A task is removed
 * when the user dismisses it or signs out (§9).
 */
import Dexie, { type EntityTable } from 'dexie';
import type { DocumentSlot } from '../src/domain/document-slots';
import type { DonePart, UploadStatus } from '../src/domain/upload-plan';

export type PauseReason = 'user' | 'offline' | 'error' | 'file needed';

export interface UploadTask {
  id: string;
  /** The signed-in user's subject: records are cleared for them on sign-out. */
  owner: string;
  transactionId: string;
  slot: DocumentSlot;
  fileName: string;
  contentType: string;
  size: number;
  lastModified: number;
  fingerprint: string;
  file: Blob | null;
  status: UploadStatus;
  pauseReason: PauseReason | null;
  error: string | null;
  /** The API's upload id; null until created (and again after storage lost the upload). */
  uploadId: string | null;
  bucket: string | null;
  key: string | null;
  partSize: number;
  partCount: number;
  parts: DonePart[];
  bytesConfirmed: number;
  bytesInFlight: number;
  bytesPerSecond: number;
  /** Pauses for a lost connection in a row; the next try waits backoffMs(retries). */
  retries: number;
  retryAt: number;
  document: { key: string; review: 'received' | 'refused'; refusalReason: string | null } | null;
  createdAt: number;
  lastTouched: number;
}

export class UploadDatabase extends Dexie {
  tasks!: EntityTable<UploadTask, 'id'>;

  constructor(name = 'caramel-uploads') {
    super(name);
    this.version(1).stores({ tasks: 'id, owner, transactionId, status' });
  }
}

export const uploadDb = new UploadDatabase();

/** Messages between tabs about tasks another tab may be driving. */
export const UPLOAD_CHANNEL = 'caramel-uploads';
export type UploadSignal = { type: 'stop'; id: string } | { type: 'changed' };

export const lockName = (id: string) => `caramel-upload:${id}`;
