import type { UploadTask } from '../../data/device/uploads';

/** "trying again in 8 s", "… in 2 min": when an upload waiting for the connection tries again by itself. */
export function tryingAgain(task: UploadTask, now: number): string {
  const seconds = Math.ceil((task.retryAt - now) / 1000);
  if (seconds <= 0) return 'trying again now';
  return seconds < 60 ? `trying again in ${seconds} s` : `trying again in ${Math.ceil(seconds / 60)} min`;
}

/**
 * What an upload is doing, in words. A try after a lost connection (or storage busy or down: "our
 * servers", so nobody goes looking for a fault in their own connection) still reads as waiting until a
 * part gets through (the runner resets `retries` then): with storage down, the item does not flap
 * between "Uploading" and "Waiting" on every try; tryingAgain says when the next one is.
 */
const waitingText = (task: UploadTask) => (task.waitingFor === 'server' ? 'Waiting for our servers' : 'Waiting for the connection');

export function statusText(task: UploadTask): string {
  if (task.status === 'completed') return task.document?.review === 'refused' ? 'Uploaded, but we cannot read it' : 'Uploaded';
  if (task.status === 'cancelled') return task.error ? 'Stopped' : 'Cancelled';
  if (task.status === 'paused') {
    if (task.pauseReason === 'offline') return waitingText(task);
    if (task.pauseReason === 'file needed') return 'Choose the file again to carry on';
    if (task.pauseReason === 'error') return 'Paused because of a problem';
    return 'Paused';
  }
  if (task.retries > 0) return waitingText(task);
  return task.uploadId ? 'Uploading' : 'Starting';
}
