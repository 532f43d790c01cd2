/// <reference lib="webworker" />
/**
 * Background Sync (issue 44): when the connection returns, the browser wakes this worker to finish
 * the uploads that wait for it (those whose file the device kept) and then send what the outbox
 * holds — with the app closed too — through the app's own uploader and sending loop
 * (src/data/outbox/outbox-send.ts), so each row goes with the idempotency key made when the person acted and
 * is applied once however many places send it. It acts as the person signed in on this device
 * (src/data/session/device-session.ts); with no one signed in it sends nothing. A page already sending holds
 * the outbox lock, and this run leaves the rows to it. Still offline, the sync fails, and the browser
 * tries it again later.
 */
import { OUTBOX_SYNC_TAG } from '../src/data/outbox/background-sync';
import { sendAll } from '../src/data/outbox/outbox-send';
import { uploadApi } from '../workers/upload-api';
import { runTask } from '../workers/upload-runner';
import { lockName, uploadDb, type UploadTask } from '../workers/upload-store';
import { takeUp } from '../workers/take-up';
import { asThePerson } from './as-the-person';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

export function sendInTheBackground(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendQueued());
  });
}

async function sendQueued(): Promise<void> {
  const person = await asThePerson();
  if (!person) return;
  // Uploads first (a message waits for its file), and only with the app closed: an open page drives its own, with its progress bar.
  const appOpen = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).length > 0;
  if (!appOpen) await finishUploads(person.sub, uploadApi(person.config.apiBaseUrl, person.token));
  const outcome = await self.navigator.locks.request('caramel-outbox', { ifAvailable: true }, (lock) => (lock ? sendAll() : 'busy'));
  if (outcome === 'offline') throw new Error('The API could not be reached; the browser will try again.');
}

const resumable = (task: UploadTask) =>
  task.fileKept &&
  (task.status === 'init' || task.status === 'in progress' || (task.status === 'paused' && task.pauseReason === 'offline'));

/** Drives each upload of `owner` no tab drives (their locks are free), one after another, to its end or its next pause. */
async function finishUploads(owner: string, api: ReturnType<typeof uploadApi>): Promise<void> {
  const tasks = await uploadDb.tasks.where('owner').equals(owner).filter(resumable).toArray();
  for (const task of tasks)
    await self.navigator.locks.request(lockName(task.id), { ifAvailable: true }, async (lock) => {
      const file = lock ? await takeUp(task.id) : undefined;
      if (file) await runTask(task.id, { api, db: uploadDb, file }, new AbortController().signal);
    });
}
