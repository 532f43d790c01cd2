import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { UploadDatabase, type UploadTask } from '../../workers/upload-store';

const task = (id: string): Omit<UploadTask, 'fileKept' | 'bytesSent'> => ({
  id,
  owner: 'sub-1',
  transactionId: 'txn-1',
  slot: 'inspection-media',
  fileName: `${id}.mp4`,
  contentType: 'video/mp4',
  size: 11,
  lastModified: 0,
  fingerprint: 'f',
  status: 'in progress',
  pauseReason: null,
  error: null,
  uploadId: 'u',
  bucket: 'b',
  key: 'k',
  partSize: 5 * 1024 * 1024,
  partCount: 1,
  parts: [],
  bytesConfirmed: 0,
  bytesInFlight: 0,
  bytesPerSecond: 0,
  retries: 0,
  retryAt: 0,
  document: null,
  createdAt: 0,
  lastTouched: 0,
});

describe('upload task store', () => {
  it('moves a version-1 task’s file to the files table, so progress writes no longer rewrite it', async () => {
    const factory = new IDBFactory();
    const old = new Dexie('uploads', { indexedDB: factory, IDBKeyRange });
    old.version(1).stores({ tasks: 'id, owner, transactionId, status' });
    await old.table('tasks').bulkPut([
      { ...task('kept'), file: new Blob(['hello world']) },
      { ...task('not-kept'), file: null },
    ]);
    old.close();

    const upgraded = new UploadDatabase('uploads', { indexedDB: factory, IDBKeyRange });
    const kept = await upgraded.tasks.get('kept');
    expect(kept).toMatchObject({ fileName: 'kept.mp4', uploadId: 'u', fileKept: true });
    expect(kept).not.toHaveProperty('file');
    expect(await (await upgraded.files.get('kept'))!.file.text()).toBe('hello world');
    expect(await upgraded.tasks.get('not-kept')).toMatchObject({ fileKept: false });
    expect(await upgraded.files.get('not-kept')).toBeUndefined();

    await upgraded.removeTasks(['kept']);
    expect(await upgraded.tasks.count()).toBe(1);
    expect(await upgraded.files.count()).toBe(0);
  });

  it('starts the bar of a task kept before version 3 at the bytes storage had acknowledged', async () => {
    const factory = new IDBFactory();
    const old = new Dexie('uploads', { indexedDB: factory, IDBKeyRange });
    old.version(2).stores({ tasks: 'id, owner, transactionId, status', files: 'id' });
    await old.table('tasks').put({ ...task('halfway'), fileKept: false, bytesConfirmed: 7 });
    old.close();
    const upgraded = new UploadDatabase('uploads', { indexedDB: factory, IDBKeyRange });
    expect(await upgraded.tasks.get('halfway')).toMatchObject({ bytesConfirmed: 7, bytesSent: 7 });
  });
});
