/**
 * The upload worker (comlink): commands from the page and a supervisor that picks up every
 * running task of the signed-in user — on start, each second, when the connection returns and
 * when another tab says something changed. A task is driven by one tab at a time (Web Locks);
 * when that tab closes its lock is freed and another tab, or the next page load, carries on
 * from the parts storage holds. Tasks paused by a lost connection are retried on their own
 * with growing pauses (backoff from 100 ms with jitter, SPEC §9), and at once when a probe of
 * the API and of storage, which failed before, gets an answer again.
 */
import * as Comlink from 'comlink';
import { applyCommand, type UploadCommand } from '../src/domain/upload-plan';
import { fingerprintOf } from './fingerprint';
import { addTask, type NewUpload } from './new-task';
import { uploadApi, type TokenSource, type UploadApi } from './upload-api';
import { runTask } from './upload-runner';
import { takeUp } from './take-up';
import { lockName, UPLOAD_CHANNEL, uploadDb, type UploadSignal, type UploadTask } from './upload-store';

const SUPERVISE_EVERY_MS = 1000;
const PROBE_EVERY_MS = 5000;

let api: UploadApi | undefined;
/** Where this worker's presigned URLs point: the storage the probe asks besides the API. */
const storageOrigins = new Set<string>();
let owner: string | undefined;
let probedAt = 0;
let probeFailed = false;
const driving = new Map<string, { controller: AbortController; finished: Promise<void> }>();
const heldFiles = new Map<string, Blob>();
const channel = new BroadcastChannel(UPLOAD_CHANNEL);

const announce = (signal: UploadSignal) => channel.postMessage(signal);

channel.onmessage = ({ data }: MessageEvent<UploadSignal>) => {
  if (data.type === 'stop') driving.get(data.id)?.controller.abort();
  else void supervise();
};

/** Starts driving each task that should run and that no tab drives yet. */
async function supervise() {
  const client = api;
  if (!client || !owner) return;
  const now = Date.now();
  const tasks = await uploadDb.tasks.where('owner').equals(owner).toArray();
  for (const task of tasks) {
    if (driving.has(task.id)) continue;
    const retryDue = waitingForConnection(task) && task.retryAt <= now;
    const fileBack = task.status === 'paused' && task.pauseReason === 'file needed' && heldFiles.has(task.id);
    if (task.status === 'init' || task.status === 'in progress' || retryDue || fileBack) void drive(task.id);
  }
  if (tasks.some(waitingForConnection) && now - probedAt >= PROBE_EVERY_MS) {
    probedAt = now;
    // An active probe: `online` events miss a network that was up but went nowhere, and the
    // backoff between tries grows to minutes. The API and storage answering again retries at once.
    const reachable = (await client.reachable()) && (await storageAnswers());
    if (reachable && probeFailed) await uploader.retryNow();
    probeFailed = !reachable;
  }
}

/** Whether every storage origin answers at all (any status will do; a request that goes nowhere fails). */
async function storageAnswers(): Promise<boolean> {
  const answers = [...storageOrigins].map((origin) =>
    fetch(origin, { method: 'HEAD', mode: 'no-cors', cache: 'no-store' }).then(
      () => true,
      () => false,
    ),
  );
  return (await Promise.all(answers)).every(Boolean);
}

/** The API, noting where the URLs it signs point. */
function notingStorage(client: UploadApi): UploadApi {
  return {
    ...client,
    async sign(id, partNumbers) {
      const signed = await client.sign(id, partNumbers);
      for (const { url } of signed.urls) storageOrigins.add(new URL(url).origin);
      return signed;
    },
  };
}

const waitingForConnection = (task: UploadTask) => task.status === 'paused' && task.pauseReason === 'offline';

async function drive(id: string): Promise<void> {
  await navigator.locks.request(lockName(id), { ifAvailable: true }, async (lock) => {
    if (!lock || !api) return;
    const controller = new AbortController();
    let finish!: () => void;
    driving.set(id, { controller, finished: new Promise((resolve) => (finish = resolve)) });
    try {
      const file = await takeUp(id, heldFiles.get(id));
      if (file) await runTask(id, { api, db: uploadDb, file }, controller.signal);
    } finally {
      driving.delete(id);
      finish();
      announce({ type: 'changed' });
      const left = await uploadDb.tasks.get(id).catch(() => undefined);
      if (left && waitingForConnection(left)) setTimeout(() => void supervise(), Math.max(0, left.retryAt - Date.now()));
    }
  });
}

/** Applies a user's command to the stored task in one transaction; answers the task as it was. */
async function command(id: string, name: UploadCommand, changes: Partial<UploadTask> = {}): Promise<UploadTask> {
  return uploadDb.transaction('rw', uploadDb.tasks, async () => {
    const task = await uploadDb.tasks.get(id);
    if (!task) throw new Error('That upload is no longer on this device.');
    await uploadDb.tasks.update(id, { status: applyCommand(task.status, name), bytesInFlight: 0, lastTouched: Date.now(), ...changes });
    return task;
  });
}

/** Stops this tab's parts for the task and tells other tabs to stop theirs; waits for ours to settle. */
async function stopDriving(id: string) {
  announce({ type: 'stop', id });
  const mine = driving.get(id);
  mine?.controller.abort();
  await mine?.finished;
}

const uploader = {
  configure(options: { apiBaseUrl: string; owner: string }, token: TokenSource) {
    api = notingStorage(uploadApi(options.apiBaseUrl, token));
    owner = options.owner;
    void supervise();
  },

  /** A file for a task that could not keep its own copy; refused unless it is the same file. */
  async giveFile(id: string, file: File) {
    const task = await uploadDb.tasks.get(id);
    if (!task) throw new Error('That upload is no longer on this device.');
    if ((await fingerprintOf(file)) !== task.fingerprint)
      throw new Error(
        `That is a different file. Choose ${task.fileName} (${task.size.toLocaleString('en-US')} bytes), the file this upload started with.`,
      );
    heldFiles.set(id, file);
    void supervise();
  },

  /** A new upload of `file`; its file is held in memory when the device could not store it. Answers the task id. */
  async add(upload: Omit<NewUpload, 'owner'>): Promise<string> {
    if (!owner) throw new Error('Sign in to upload documents.');
    const { id, kept } = await addTask({ ...upload, owner });
    if (!kept) heldFiles.set(id, upload.file);
    void supervise();
    return id;
  },

  async pause(id: string) {
    await command(id, 'pause', { pauseReason: 'user', error: null });
    await stopDriving(id);
  },

  async resume(id: string) {
    await command(id, 'resume', { pauseReason: null, error: null, retries: 0 });
    announce({ type: 'changed' });
    void supervise();
  },

  /** Cancel (§4.5), then free what storage holds; offline, the clean-up job frees it later. */
  async cancel(id: string) {
    const task = await command(id, 'cancel', { pauseReason: null, fileKept: false });
    await stopDriving(id);
    await uploadDb.files.delete(id);
    heldFiles.delete(id);
    if (task.uploadId && api) await api.abort(task.uploadId).catch(() => undefined);
  },

  /** Sign-out: stop everything this tab drives and forget the files held in memory. */
  async stopAll() {
    await Promise.all([...driving.keys()].map((id) => stopDriving(id)));
    heldFiles.clear();
    api = undefined;
    owner = undefined;
  },

  supervise,

  /** The connection is back (the page saw it, or this worker did): retry waiting tasks now, not after their pause. */
  async retryNow() {
    if (!owner) return;
    await uploadDb.tasks.where('owner').equals(owner).filter(waitingForConnection).modify({ retryAt: 0 });
    await supervise();
  },

  /** Answers while the worker is alive; the page replaces a worker that stopped answering. */
  ping: () => true,
};

export type Uploader = typeof uploader;

setInterval(() => void supervise(), SUPERVISE_EVERY_MS);
self.addEventListener('online', () => void uploader.retryNow());
Comlink.expose(uploader);
