import { useState, type InputHTMLAttributes } from 'react';
import { Icon } from '../icon';
import { UploadIcon } from '../icons';
import { Field } from './field';

export interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'onChange'> {
  label: string;
  help?: string;
  error?: string;
  id?: string;
  onFiles: (files: File[]) => void;
}

/** A file picker that shows what was chosen; the native input stays the focus and click target. */
export function FileField({ label, help, error, id, onFiles, ...input }: FileFieldProps) {
  const [chosen, setChosen] = useState<string>('No file chosen');
  return (
    <Field label={label} help={help} error={error} id={id}>
      {(control) => (
        <div className={`file has-name is-fullwidth${error ? ' is-danger' : ''}`}>
          <label className="file-label">
            <input
              {...input}
              {...control}
              type="file"
              className="file-input"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                setChosen(files.length === 0 ? 'No file chosen' : files.map((file) => file.name).join(', '));
                onFiles(files);
              }}
            />
            <span className="file-cta" aria-hidden="true">
              <Icon icon={UploadIcon} />
              <span className="file-label">Choose a file…</span>
            </span>
            <span className="file-name">{chosen}</span>
          </label>
        </div>
      )}
    </Field>
  );
}
