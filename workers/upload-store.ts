/**
 * Upload tasks in IndexedDB (database `caramel-uploads`, apart from the app's records because
 * it holds the files themselves): the §3 upload task record (uploadId, lastTouched, bucket,
 * key, fileName), the part plan, every finished part's number, ETag and size, the status and
 * why it paused, and progress; and, in a table of its own, the File — so a reload or browser
 * restart resumes without the user choosing the file again. The File is apart because progress
 * rewrites the task row several times a second and IndexedDB rewrites a row whole, blobs and
 * all. When the device lacked room for the file, `fileKept` is false and the fingerprint lets
 * the user give back the same file, and only that file. A task is removed when the user
 * dismisses it or signs out (§9).
 */
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
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
  /** Whether `files` holds the File for this task. */
  fileKept: boolean;
  status: UploadStatus;
  pauseReason: PauseReason | null;
  /** While it waits to try again by itself (`offline`, or retries under way): whether the connection failed last, or our side (storage or the API busy or down). */
  waitingFor?: 'connection' | 'server';
  error: string | null;
  /** The API's upload id; null until created (and again after storage lost the upload). */
  uploadId: string | null;
  bucket: string | null;
  key: string | null;
  partSize: number;
  partCount: number;
  parts: DonePart[];
  /** Bytes of the parts storage acknowledged. */
  bytesConfirmed: number;
  /** Bytes of the parts on the wire now, as handed to the network. */
  bytesInFlight: number;
  /** The most ever handed to the network for this upload (acknowledged or on the wire): the bar never goes back. */
  bytesSent: number;
  /** Measured on what storage acknowledged, never on what the socket took. */
  bytesPerSecond: number;
  /** Pauses for a lost connection in a row, until a part gets through; the next try waits backoffMs(retries). */
  retries: number;
  retryAt: number;
  document: { key: string; review: 'received' | 'refused'; refusalReason: string | null } | null;
  createdAt: number;
  lastTouched: number;
}

export interface KeptFile {
  /** The task's id. */
  id: string;
  file: Blob;
}

export class UploadDatabase extends Dexie {
  tasks!: EntityTable<UploadTask, 'id'>;
  files!: EntityTable<KeptFile, 'id'>;

  constructor(name = 'caramel-uploads', options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({ tasks: 'id, owner, transactionId, status' });
    this.version(2)
      .stores({ tasks: 'id, owner, transactionId, status', files: 'id' })
      .upgrade(async (tx) => {
        const tasks = tx.table<UploadTask & { file?: Blob | null }, string>('tasks');
        for (const { file, ...task } of await tasks.toArray()) {
          if (file) await tx.table<KeptFile, string>('files').put({ id: task.id, file });
          await tasks.put({ ...task, fileKept: Boolean(file) });
        }
      });
    this.version(3)
      .stores({ tasks: 'id, owner, transactionId, status', files: 'id' })
      .upgrade((tx) =>
        tx
          .table<UploadTask, string>('tasks')
          .toCollection()
          .modify((task) => {
            task.bytesSent = task.bytesConfirmed;
          }),
      );
  }

  /** Removes tasks and the files kept for them, together. */
  removeTasks(ids: string[]): Promise<void> {
    return this.transaction('rw', this.tasks, this.files, async () => {
      await this.tasks.bulkDelete(ids);
      await this.files.bulkDelete(ids);
    });
  }
}

export const uploadDb = new UploadDatabase();

/** Messages between tabs about tasks another tab may be driving. */
export const UPLOAD_CHANNEL = 'caramel-uploads';
export type UploadSignal = { type: 'stop'; id: string } | { type: 'changed' };

export const lockName = (id: string) => `caramel-upload:${id}`;
