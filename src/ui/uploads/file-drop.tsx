import { useId, useRef, useState, type DragEvent } from 'react';
import { Icon } from '../icon';
import { CameraIcon, UploadIcon } from '../icons';

export interface FileDropProps {
  /** Names the files being chosen, e.g. "Vehicle title". */
  label: string;
  accept: string;
  help: string;
  /** Offers the device camera (photos and videos) beside choosing files. */
  camera?: boolean;
  disabled?: boolean;
  /** Just the buttons, for replacing a file already received: the help is still read out, not shown. */
  compact?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * Drop files here, or choose them (several at once), or take them with the camera on a phone.
 * The native inputs stay the focus and click targets, so keyboards and screen readers use them as usual.
 */
export function FileDrop({ label, accept, help, camera = false, disabled = false, compact = false, onFiles }: FileDropProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  const cameraInput = useRef<HTMLInputElement>(null);
  const take = (files: FileList | null) => {
    if (files?.length) onFiles([...files]);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };
  return (
    <div
      className={`file-drop${over ? ' is-over' : ''}${disabled ? ' is-disabled' : ''}${compact ? ' is-compact' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      {!compact && <Icon icon={UploadIcon} />}
      {!compact && <p className="has-text-weight-semibold">Drop files here</p>}
      <p className={compact ? 'visually-hidden' : 'help mb-3'} id={`${id}-help`}>
        {help}
      </p>
      <div className={`buttons${compact ? '' : ' is-centered'}`}>
        <label className={`button is-primary${compact ? ' is-outlined is-small' : ''}${disabled ? ' is-static' : ''}`}>
          <input
            type="file"
            className="visually-hidden"
            multiple
            accept={accept}
            disabled={disabled}
            aria-label={`${label}: choose files`}
            aria-describedby={`${id}-help`}
            onChange={(event) => {
              take(event.target.files);
              event.target.value = '';
            }}
          />
          {compact ? 'Choose another' : 'Choose files'}
        </label>
        {camera && (
          <label
            className={`button is-primary is-outlined${compact ? ' is-small' : ''}${disabled ? ' is-static' : ''}`}
            title={compact ? 'Take another photo or video' : undefined}
          >
            <input
              ref={cameraInput}
              type="file"
              className="visually-hidden"
              accept="image/*,video/*"
              capture="environment"
              disabled={disabled}
              aria-label={`${label}: take a photo or video`}
              onChange={(event) => {
                take(event.target.files);
                event.target.value = '';
              }}
            />
            <Icon icon={CameraIcon} />
            {/* Compact, the camera alone says it (the row beside a finished upload is narrow on a phone). */}
            <span className={compact ? 'visually-hidden' : undefined}>{compact ? 'Take another' : 'Take a photo or video'}</span>
          </label>
        )}
      </div>
    </div>
  );
}
