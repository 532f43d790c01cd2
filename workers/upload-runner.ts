/**
 * Drives one upload task to its end or to a pause, while its tab holds the task's lock: create
 * the upload (the API picks the key), reconcile with the parts storage holds before sending
 * anything, send the missing parts 4 at a time, then complete. Every finished part is written
 * to IndexedDB at once; progress at most every 250 ms. What went wrong decides the state the
 * task is left in (SPEC §4.5, §8): a lost connection pauses it to be resumed automatically, a
 * failed part pauses it with the error, a size mismatch cancels it.
 */
import {
  backoffMs,
  partRange,
  PARTS_IN_FLIGHT,
  readyToComplete,
  STORAGE_MESSAGES,
  UPLOAD_WAIT_CAP_MS,
  type DonePart,
} from '../src/domain/upload-plan';
import { ApiRefusal, Unreachable, type UploadApi } from './upload-api';
import { PartFailed, sendPart } from './part-sender';
import type { UploadDatabase, UploadTask } from './upload-store';

const PROGRESS_WRITE_MS = 250;
const PART_ATTEMPTS = 3; // §8: 429 and 5xx retried up to 3 attempts
/** The longest Retry-After a part waits for within a run; past it the task pauses until then. */
const IN_RUN_WAIT_MAX_MS = 2_000;
const SIGN_BATCH = 8;
const RESIGN_BEFORE_MS = 60_000;

export interface RunnerDeps {
  api: UploadApi;
  db: UploadDatabase;
  file: Blob;
  now?: () => number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Run again from the top: a new upload (Restart) or the same one re-read from storage (Recheck). */
class Restart extends Error {}
class Recheck extends Error {}

/** Runs the task; resolves when it completed, paused or was stopped. Never rejects. */
export async function runTask(id: string, deps: RunnerDeps, signal: AbortSignal): Promise<void> {
  for (let restarts = 0; restarts < 3; restarts++) {
    try {
      await runOnce(id, deps, signal);
      return;
    } catch (error) {
      if (error instanceof Restart || error instanceof Recheck) continue;
      await settleFailure(id, deps, error, signal);
      return;
    }
  }
  await leave(deps.db, id, {
    status: 'paused',
    pauseReason: 'error',
    error: 'Storage keeps losing this upload. Cancel it and start again.',
  });
}

async function runOnce(id: string, deps: RunnerDeps, signal: AbortSignal) {
  const { api, db } = deps;
  let task = await db.tasks.get(id);
  if (!task || task.status !== 'in progress') return;
  if (!task.uploadId) {
    const created = await api.create({
      transactionId: task.transactionId,
      slot: task.slot,
      fileName: task.fileName,
      contentType: task.contentType,
      size: task.size,
    });
    task = await patch(db, id, {
      uploadId: created.id,
      bucket: created.bucket,
      key: created.key,
      partSize: created.partSize,
      partCount: created.partCount,
      parts: [],
      bytesConfirmed: 0,
    });
  } else if (!readyToComplete(task, task.parts)) {
    task = await reconcile(deps, task);
  }
  if (signal.aborted) return;
  if (!readyToComplete(task, task.parts))
    task = await sendMissingParts(deps, task, signal).catch((error: unknown) => lostUpload(deps, task!, error));
  if (signal.aborted) return;
  const document = await api.complete(task.uploadId!, task.parts).catch((error: unknown) => {
    // Storage no longer knows the upload and holds no object for it: start over cleanly.
    if (error instanceof ApiRefusal && error.status === 404) return restart(db, id);
    // Storage refused the part list (a part it holds differs from the one recorded, e.g. a late
    // duplicate of it landed): forget what was recorded and take storage's list again.
    if (error instanceof ApiRefusal && error.status === 400) return recheck(db, id);
    throw error;
  });
  await leave(db, id, {
    status: 'completed',
    pauseReason: null,
    error: null,
    fileKept: false,
    bytesInFlight: 0,
    retries: 0,
    document: { key: document.key, review: document.review, refusalReason: document.refusalReason },
  });
}

/** Storage's part list is the truth: parts it holds are done, anything else is sent (again). */
async function reconcile(deps: RunnerDeps, task: UploadTask): Promise<UploadTask> {
  const held = await deps.api.parts(task.uploadId!).catch((error: unknown) => {
    if (error instanceof ApiRefusal && error.status === 404) return restart(deps.db, task.id);
    throw error;
  });
  // A part cut short is not done: only a part of its planned size counts.
  const parts = held.parts.filter((part) => {
    const { start, end } = partRange(task, part.partNumber);
    return part.size === end - start;
  });
  return patch(deps.db, task.id, { parts, bytesConfirmed: sum(parts) });
}

/**
 * A part answered NoSuchUpload: storage dropped the upload (aborted on its side), so start a new
 * one. A single PUT answered that the object is there: an earlier try whose answer was lost got
 * through, so take storage's word for it.
 */
async function lostUpload(deps: RunnerDeps, task: UploadTask, error: unknown): Promise<never> {
  if (error instanceof PartFailed && error.failure.kind === 'already-stored') return recheck(deps.db, task.id);
  if (!(error instanceof PartFailed && error.failure.kind === 'no-such-upload')) throw error;
  await deps.api.abort(task.uploadId!).catch(() => undefined); // lets the API mark its record; storage has nothing left
  return restart(deps.db, task.id);
}

async function recheck(db: UploadDatabase, id: string): Promise<never> {
  await patch(db, id, { parts: [] });
  throw new Recheck();
}

async function restart(db: UploadDatabase, id: string): Promise<never> {
  await patch(db, id, { uploadId: null, key: null, parts: [], bytesConfirmed: 0, bytesInFlight: 0, bytesSent: 0 });
  throw new Restart();
}

async function sendMissingParts(deps: RunnerDeps, task: UploadTask, outer: AbortSignal): Promise<UploadTask> {
  const { api, db, file } = deps;
  const now = deps.now ?? Date.now;
  const done = new Map(task.parts.map((part) => [part.partNumber, part]));
  const queue = Array.from({ length: task.partCount }, (_, i) => i + 1).filter((number) => !done.has(number));
  const urls = new Map<number, { url: string; headers: Record<string, string>; expiresAt: number }>();
  const inFlight = new Map<number, number>();
  const stop = new AbortController();
  const signal = AbortSignal.any([outer, stop.signal]);
  const progress = progressWriter(db, task, now, () => ({
    parts: [...done.values()].sort((a, b) => a.partNumber - b.partNumber),
    inFlight: [...inFlight.values()].reduce((a, b) => a + b, 0),
  }));

  const fresh = (partNumber: number) => (urls.get(partNumber)?.expiresAt ?? 0) - now() > RESIGN_BEFORE_MS;
  let signing: Promise<void> | undefined;
  /** One batch at a time: `first` (when given) and the next queued parts without a fresh URL. */
  function signBatch(first?: number): Promise<void> {
    signing ??= (async () => {
      const waiting = queue.filter((number) => number !== first && !fresh(number));
      const batch = [...(first === undefined ? [] : [first]), ...waiting].slice(0, SIGN_BATCH);
      if (batch.length === 0) return;
      const signed = await api.sign(task.uploadId!, batch);
      for (const { partNumber, url, headers } of signed.urls) urls.set(partNumber, { url, headers, expiresAt: signed.expiresAt });
    })().finally(() => (signing = undefined));
    return signing;
  }

  /** A fresh URL for the part; the next batch is signed while parts are still on the wire, so no lane waits for it. */
  async function urlFor(partNumber: number) {
    while (!fresh(partNumber)) await signBatch(partNumber);
    if (queue.filter(fresh).length < PARTS_IN_FLIGHT) signBatch().catch(() => undefined); // a lane that needs it asks again
    return urls.get(partNumber)!;
  }

  async function sendOne(partNumber: number) {
    const { start, end } = partRange(task, partNumber);
    for (let attempt = 1; ; attempt++) {
      try {
        const eTag = await sendPart(await urlFor(partNumber), file.slice(start, end), signal, (loaded) => {
          inFlight.set(partNumber, loaded);
          progress.tick();
        });
        inFlight.delete(partNumber);
        done.set(partNumber, { partNumber, eTag, size: end - start });
        // Written at once, but the lane goes on meanwhile: a part storage holds and this tab
        // did not record is found again by reconcile, so nothing waits on IndexedDB.
        progress.partDone();
        return;
      } catch (error) {
        inFlight.delete(partNumber);
        if (!(error instanceof PartFailed) || attempt >= PART_ATTEMPTS) throw error;
        if (error.failure.kind === 'expired') urls.delete(partNumber);
        // A dropped connection is tried again as well: one reset should not stop the other
        // lanes; when the connection is really gone every try fails fast and the task pauses.
        else if (error.failure.kind === 'network') await sleep(backoffMs(attempt));
        else if (error.failure.kind === 'retryable') {
          // Storage named a longer wait than a lane holds on to: the task waits it out, saying when it tries again.
          const named = error.failure.retryAfterMs ?? 0;
          if (named > IN_RUN_WAIT_MAX_MS) throw error;
          await sleep(named || backoffMs(attempt));
        } else throw error;
      }
    }
  }

  async function lane() {
    while (queue.length > 0 && !signal.aborted) await sendOne(queue.shift()!);
  }

  const lanes = await Promise.allSettled(
    Array.from({ length: Math.min(PARTS_IN_FLIGHT, queue.length) }, () =>
      lane().catch((error: unknown) => {
        stop.abort(); // one lane failing stops the others; their parts are requeued by the next run
        throw error;
      }),
    ),
  );
  await progress.close();
  const failure = lanes.find((lane): lane is PromiseRejectedResult => lane.status === 'rejected' && !isAborted(lane.reason));
  if (failure) throw failure.reason;
  return (await db.tasks.get(task.id))!;
}

const isAborted = (error: unknown) => error instanceof PartFailed && error.failure.kind === 'aborted';
const sum = (parts: readonly DonePart[]) => parts.reduce((total, part) => total + part.size, 0);

/**
 * Writes progress to IndexedDB: a finished part at once, bytes in flight at most every 250 ms.
 * Writes run one after another and a write asked for while one waits joins it, so each one
 * records everything finished so far. Confirmed bytes only grow, and so do the bytes sent, which
 * move the bar within a part. The speed is what storage acknowledged in this run over the time
 * it took: bytes the socket took may still be queued on a slow link, so they would overstate it.
 * Only a part that got through ends a run of pauses (SPEC §9 backoff grows until one does).
 */
function progressWriter(db: UploadDatabase, task: UploadTask, now: () => number, measure: () => { parts: DonePart[]; inFlight: number }) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = { at: now(), bytes: task.bytesConfirmed };
  let written: Promise<void> = Promise.resolve();
  let waiting = false;
  let closed = false;

  const write = async () => {
    waiting = false;
    const { parts, inFlight } = measure();
    const confirmed = sum(parts);
    const at = now();
    const acknowledged = confirmed - started.bytes;
    await db.tasks
      .where('id')
      .equals(task.id)
      .modify((row) => {
        if (parts.length >= row.parts.length) row.parts = parts;
        row.bytesConfirmed = Math.max(row.bytesConfirmed, confirmed);
        row.bytesSent = Math.max(row.bytesSent, confirmed + inFlight);
        row.bytesInFlight = closed ? 0 : inFlight;
        row.bytesPerSecond = acknowledged > 0 && at > started.at ? (acknowledged * 1000) / (at - started.at) : 0;
        row.lastTouched = at;
        if (acknowledged > 0) row.retries = 0;
      });
  };
  const request = () => {
    if (!waiting) {
      waiting = true;
      written = written.then(write, write);
    }
    return written;
  };
  return {
    tick() {
      timer ??= setTimeout(() => {
        timer = undefined;
        void request();
      }, PROGRESS_WRITE_MS);
    },
    partDone() {
      request().catch(() => undefined); // the next write records these parts too
    },
    /** The last write, with nothing in flight; resolves once everything is recorded. */
    close() {
      clearTimeout(timer);
      closed = true;
      return request();
    },
  };
}

/** Leaves the task in the state `error` calls for, unless a pause or cancel already moved it. */
async function settleFailure(id: string, deps: RunnerDeps, error: unknown, signal: AbortSignal) {
  if (signal.aborted && (isAborted(error) || error instanceof Unreachable)) return;
  const now = deps.now ?? Date.now;
  const task = await deps.db.tasks.get(id);
  const retries = (task?.retries ?? 0) + 1;
  // Waiting, to try again by itself with growing pauses, or when storage said to (its Retry-After knows when it is back):
  // nothing for the user to do.
  const waiting = (waitingFor: 'connection' | 'server', named?: number) =>
    leave(deps.db, id, {
      status: 'paused',
      pauseReason: 'offline',
      waitingFor,
      error: null,
      retries,
      retryAt: now() + (named || backoffMs(retries, Math.random, UPLOAD_WAIT_CAP_MS)),
    });
  if (error instanceof Unreachable || (error instanceof PartFailed && error.failure.kind === 'network')) return waiting('connection');
  // Storage busy or down (5xx, 429) while the connection is fine: an outage that passes, not a fault in the file.
  if (error instanceof PartFailed && error.failure.kind === 'retryable') return waiting('server', error.failure.retryAfterMs);
  if (error instanceof ApiRefusal && error.status >= 500) return waiting('server');
  if (error instanceof ApiRefusal && error.status === 422 && error.message === STORAGE_MESSAGES.sizeMismatch)
    return leave(deps.db, id, { status: 'cancelled', pauseReason: null, error: error.message });
  return leave(deps.db, id, { status: 'paused', pauseReason: 'error', error: messageFor(error) });
}

function messageFor(error: unknown): string {
  if (error instanceof ApiRefusal && error.status === 401) return 'Your session ended. Sign in again, then resume this upload.';
  if (error instanceof ApiRefusal) return error.message;
  if (!(error instanceof PartFailed)) return error instanceof Error ? error.message : String(error);
  const failure = error.failure;
  if (failure.kind === 'no-etag')
    return 'Storage did not share the ETag of a part (its CORS rule must expose the ETag header), so this upload cannot finish. Contact support.';
  if (failure.kind === 'refused') return `Storage refused a part: ${failure.message}. Resume to try again.`;
  return 'A part could not be sent. Resume to try again.';
}

async function patch(db: UploadDatabase, id: string, changes: Partial<UploadTask>): Promise<UploadTask> {
  await db.tasks.update(id, { ...changes, lastTouched: Date.now() });
  return (await db.tasks.get(id))!;
}

/**
 * A status change the runner makes only while the task is still running (a user's pause or
 * cancel wins). `fileKept: false` also lets the kept File go.
 */
async function leave(db: UploadDatabase, id: string, changes: Partial<UploadTask>) {
  await db.transaction('rw', db.tasks, db.files, async () => {
    const task = await db.tasks.get(id);
    if (task?.status !== 'in progress') return;
    await db.tasks.update(id, { ...changes, bytesInFlight: 0, lastTouched: Date.now() });
    if (changes.fileKept === false) await db.files.delete(id);
  });
}
