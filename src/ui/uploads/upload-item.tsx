import { useEffect, useState, type ReactNode } from 'react';
import { formatBytes, formatTimeLeft } from '../../domain/byte-format';
import { DOCUMENT_SLOTS } from '../../domain/document-slots';
import {
  cancelUpload,
  dismissUpload,
  giveFileBack,
  pauseUpload,
  resumeUpload,
  retryUpload,
  type UploadTask,
} from '../../data/device/uploads';
import { Button } from '../button';
import { PauseIcon, PlayIcon } from '../icons';
import { statusText, tryingAgain } from './upload-status';

/** The time now, ticking every second while `ticking` (a countdown on screen). */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ticking]);
  return now;
}

/**
 * One upload: its progress (read from IndexedDB, so any tab shows the same), and what the user can do with it.
 * Its height holds from start to finish (the status and the bytes each on their own line, one row of buttons), so a
 * field below it does not move away from a tap as the upload goes on. `whenDone` takes the place of "Remove from list"
 * once it is uploaded, where the file has a place of its own (a document field offers to replace it).
 */
export function UploadItem({ task, whenDone }: { task: UploadTask; whenDone?: ReactNode }) {
  const [problem, setProblem] = useState<string | undefined>();
  const run = (command: () => Promise<unknown>) => () => {
    setProblem(undefined);
    command().catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)));
  };
  const done = task.status === 'completed';
  // The bar follows the bytes sent (it moves within a part); speed and time left follow what storage acknowledged.
  const sent = Math.min(Math.max(task.bytesConfirmed, task.bytesSent), task.size);
  const percent = task.size === 0 ? (done ? 100 : 0) : Math.floor((sent / task.size) * 100);
  const running = task.status === 'in progress' || task.status === 'init';
  const waiting = (task.status === 'paused' && task.pauseReason === 'offline') || (task.status === 'in progress' && task.retries > 0);
  const now = useNow(waiting);
  const left = running && task.bytesPerSecond > 0 ? formatTimeLeft((task.size - task.bytesConfirmed) / task.bytesPerSecond) : '';
  return (
    <li className={`upload-item box is-${task.status.replace(' ', '-')}`} aria-label={task.fileName}>
      <div className="upload-item-head">
        <p className="has-text-weight-semibold upload-item-name">{task.fileName}</p>
        <p className="help">{DOCUMENT_SLOTS[task.slot].label}</p>
      </div>
      <progress
        className={`progress is-small ${done ? 'is-success' : task.status === 'paused' ? 'is-warning' : 'is-primary'}`}
        max={100}
        value={percent}
        aria-label={`${task.fileName} upload progress`}
      >
        {percent}%
      </progress>
      <p className="upload-item-status" role="status">
        <span>
          {statusText(task)}
          {/* The countdown ticks every second: read when the status is, not announced at each tick. */}
          {waiting && <span aria-live="off"> — {task.status === 'paused' ? tryingAgain(task, now) : 'trying again now'}</span>}
        </span>
        {/* One line however much it says (cut short on a phone, the least needed last): it never wraps anew mid-upload. */}
        <span className="help upload-item-bytes">
          {formatBytes(Math.min(task.bytesConfirmed, task.size))} of {formatBytes(task.size)} stored
          {running && task.bytesPerSecond > 0 && ` · ${formatBytes(task.bytesPerSecond)}/s`}
          {left && ` · ${left}`}
          {running && task.bytesInFlight > 0 && ` · ${formatBytes(task.bytesInFlight)} on the way`}
        </span>
      </p>
      {task.error && (
        <p className="help is-danger" role="alert">
          {task.error}
        </p>
      )}
      {task.document?.review === 'refused' && <p className="help is-danger">{task.document.refusalReason}</p>}
      {problem && (
        <p className="help is-danger" role="alert">
          {problem}
        </p>
      )}
      {task.status === 'paused' && task.pauseReason === 'file needed' && (
        <label className="button is-small is-primary mt-2">
          <input
            type="file"
            className="visually-hidden"
            aria-label={`Choose ${task.fileName} again`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) run(() => giveFileBack(task.id, file))();
              event.target.value = '';
            }}
          />
          Choose {task.fileName} again
        </label>
      )}
      <div className="buttons are-small mt-2">
        {running && (
          <Button variant="outlined" size="small" icon={PauseIcon} onClick={run(() => pauseUpload(task.id))}>
            Pause<span className="visually-hidden"> {task.fileName}</span>
          </Button>
        )}
        {task.status === 'paused' && task.pauseReason !== 'file needed' && (
          <Button variant="outlined" size="small" icon={PlayIcon} onClick={run(() => resumeUpload(task.id))}>
            {task.pauseReason === 'offline' ? 'Try now' : 'Resume'}
            <span className="visually-hidden"> {task.fileName}</span>
          </Button>
        )}
        {task.status === 'cancelled' && task.fileKept && (
          <Button variant="outlined" size="small" onClick={run(() => retryUpload(task))}>
            Retry<span className="visually-hidden"> {task.fileName}</span>
          </Button>
        )}
        {(running || task.status === 'paused') && (
          <Button variant="text" size="small" onClick={run(() => cancelUpload(task.id))}>
            Cancel<span className="visually-hidden"> {task.fileName}</span>
          </Button>
        )}
        {done && whenDone}
        {((done && !whenDone) || task.status === 'cancelled') && (
          <Button variant="text" size="small" onClick={run(() => dismissUpload(task.id))}>
            Remove from list<span className="visually-hidden"> {task.fileName}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
