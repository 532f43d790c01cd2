/**
 * Taking up an upload task under its lock (whoever drives it: a tab's upload worker, or the service
 * worker's Background Sync when every tab is closed): a new task starts — only here, so only one
 * driver ever moves it out of init (SPEC §4.5) — and one paused by the connection or for its file
 * resumes. Answers the file to send, or undefined when the task is not to run (then one whose file
 * is not on this device waits for the person to choose it again).
 */
import { applyCommand } from '../src/domain/upload-plan';
import { uploadDb } from './upload-store';

export async function takeUp(id: string, heldFile?: Blob): Promise<Blob | undefined> {
  const task = await uploadDb.transaction('rw', uploadDb.tasks, async () => {
    const current = await uploadDb.tasks.get(id);
    if (current?.status === 'init') await uploadDb.tasks.update(id, { status: applyCommand('init', 'start') });
    if (current?.status === 'paused' && (current.pauseReason === 'offline' || current.pauseReason === 'file needed'))
      await uploadDb.tasks.update(id, { status: applyCommand('paused', 'resume'), pauseReason: null });
    return uploadDb.tasks.get(id);
  });
  if (task?.status !== 'in progress') return undefined;
  const file = task.fileKept ? (await uploadDb.files.get(id))?.file : heldFile;
  if (!file) await uploadDb.tasks.update(id, { status: 'paused', pauseReason: 'file needed' });
  return file;
}
