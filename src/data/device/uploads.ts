/**
 * The page's side of the resumable uploader: adds tasks (with the file itself when the device
 * has room for it, else only its fingerprint), sends the user's commands to the upload worker,
 * and reads tasks from IndexedDB for the screens. The worker is started only for a signed-in
 * user; sign-out cancels running uploads and clears the records (SPEC §9).
 */
import * as Comlink from 'comlink';
import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { fileProblem, type DocumentSlot } from '../../domain/document-slots';
import { uploadDb, type UploadTask } from '../../../workers/upload-store';
import type { Uploader } from '../../../workers/uploader.worker';
import { requestPersistentStorage } from './install';
import { runtimeConfig } from '../api/runtime-config';
import { freshIdToken, session } from '../session/session-store';

export type { UploadTask };

let remote: Comlink.Remote<Uploader> | undefined;
let worker: Worker | undefined;
let configuredFor: string | undefined;
let watching = false;
const WATCH_EVERY_MS = 5000;
const ANSWER_WITHIN_MS = 3000;

function uploader(): Comlink.Remote<Uploader> {
  if (!remote) {
    worker = new Worker(new URL('../../../workers/uploader.worker.ts', import.meta.url), { type: 'module', name: 'uploader' });
    remote = Comlink.wrap<Uploader>(worker);
    configuredFor = undefined;
    if (!watching) watchWorker();
  }
  const owner = session.user?.sub;
  if (owner && configuredFor !== owner) {
    configuredFor = owner;
    void remote.configure({ apiBaseUrl: runtimeConfig().apiBaseUrl, owner }, Comlink.proxy(freshIdToken));
  }
  return remote;
}

/**
 * A worker that stopped answering (crashed, or closed by the browser) is replaced; its task
 * locks went with it, so the new one carries on from the parts storage holds.
 */
function watchWorker() {
  watching = true;
  setInterval(() => {
    if (!remote || !session.user) return;
    const late = new Promise<false>((resolve) => setTimeout(() => resolve(false), ANSWER_WITHIN_MS));
    void Promise.race([remote.ping(), late]).then((alive) => {
      if (alive) return;
      worker?.terminate();
      remote = undefined;
      void uploader().supervise();
    });
  }, WATCH_EVERY_MS);
  window.addEventListener('online', () => void remote?.retryNow());
}

let unfinishedWatch: { unsubscribe(): void } | undefined;

/**
 * After sign-in: picks up this user's unfinished uploads. The worker starts as soon as one
 * exists — also one another tab added — so this tab can take over when that tab closes.
 */
export async function startUploads(): Promise<void> {
  const owner = session.user?.sub;
  if (!owner) return;
  // §9: records cached for anyone else on this device go when a user signs in.
  await uploadDb.removeTasks(await uploadDb.tasks.where('owner').notEqual(owner).primaryKeys());
  unfinishedWatch?.unsubscribe();
  unfinishedWatch = liveQuery(() =>
    uploadDb.tasks
      .where('owner')
      .equals(owner)
      .filter((task) => task.status !== 'completed' && task.status !== 'cancelled')
      .count(),
  ).subscribe((unfinished) => {
    if (unfinished > 0) void uploader().supervise();
  });
}

/** Starts uploading `file` into a document slot; answers the task id, or throws the reason it cannot. */
export async function addUpload(transactionId: string, slot: DocumentSlot, file: File): Promise<string> {
  if (!session.user) throw new Error('Sign in to upload documents.');
  const problem = fileProblem(slot, file);
  if (problem) throw new Error(problem);
  void requestPersistentStorage();
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  return uploader().add({ transactionId, slot, file, storage: estimate && { quota: estimate.quota, usage: estimate.usage } });
}

export const pauseUpload = (id: string) => uploader().pause(id);
export const resumeUpload = (id: string) => uploader().resume(id);
export const cancelUpload = (id: string) => uploader().cancel(id);
/** The same file again, for a task that could not keep its own copy; refused when it is another file. */
export const giveFileBack = (id: string, file: File) => uploader().giveFile(id, file);

/** Removes a finished, cancelled or failed task from this device. */
export async function dismissUpload(id: string): Promise<void> {
  await uploadDb.removeTasks([id]);
}

/** Starts a cancelled task's file again as a new upload. */
export async function retryUpload(task: UploadTask): Promise<void> {
  const kept = task.fileKept ? await uploadDb.files.get(task.id) : undefined;
  if (!kept) throw new Error('This device no longer holds the file. Choose it again.');
  const file = new File([kept.file], task.fileName, { type: task.contentType, lastModified: task.lastModified });
  await addUpload(task.transactionId, task.slot, file);
  await dismissUpload(task.id);
}

export function isRunning(task: Pick<UploadTask, 'status' | 'pauseReason'>): boolean {
  return task.status === 'init' || task.status === 'in progress' || (task.status === 'paused' && task.pauseReason === 'offline');
}

/** The signed-in user's tasks, newest first (for one transaction when given). */
export function useUploads(transactionId?: string): UploadTask[] | undefined {
  const owner = session.user?.sub;
  return useLiveQuery(async () => {
    if (!owner) return [];
    const mine = await uploadDb.tasks.where('owner').equals(owner).toArray();
    return mine.filter((task) => !transactionId || task.transactionId === transactionId).sort((a, b) => b.createdAt - a.createdAt);
  }, [owner, transactionId]);
}

/** How many of this device's uploads are still going (for the sign-out warning). */
export async function runningUploadCount(): Promise<number> {
  const owner = session.user?.sub;
  if (!owner) return 0;
  return (await uploadDb.tasks.where('owner').equals(owner).toArray()).filter(isRunning).length;
}

/** Sign-out: cancels what is still going (while the session can still tell the API), then clears the records. */
export async function cancelAllUploads(): Promise<void> {
  const tasks = await uploadDb.tasks.toArray();
  const unfinished = tasks.filter((task) => task.status !== 'completed' && task.status !== 'cancelled');
  if (remote || unfinished.length > 0) {
    await Promise.allSettled(unfinished.map((task) => uploader().cancel(task.id)));
    await uploader().stopAll();
  }
  configuredFor = undefined;
  unfinishedWatch?.unsubscribe();
  unfinishedWatch = undefined;
}

export async function clearUploadRecords(): Promise<void> {
  await uploadDb.transaction('rw', uploadDb.tasks, uploadDb.files, async () => {
    await uploadDb.tasks.clear();
    await uploadDb.files.clear();
  });
}
