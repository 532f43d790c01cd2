import { useState } from 'react';
import { Icon } from '../icon';
import { EyeIcon, EyeOffIcon } from '../icons';
import { Field } from './field';
import type { TextFieldProps } from './text-field';

/** A password input with a Show/Hide toggle that says what it does. */
export function PasswordField({ label, help, error, id, className, ...input }: Omit<TextFieldProps, 'type' | 'prefix'>) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} help={help} error={error} id={id}>
      {(control) => (
        <div className="field has-addons mb-0">
          <div className="control is-expanded">
            <input
              {...input}
              {...control}
              type={visible ? 'text' : 'password'}
              className={['input', error && 'is-danger', className].filter(Boolean).join(' ')}
            />
          </div>
          <div className="control">
            <button
              type="button"
              className="button"
              aria-controls={control.id}
              aria-pressed={visible}
              aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
              onClick={() => setVisible((value) => !value)}
            >
              <Icon icon={visible ? EyeOffIcon : EyeIcon} />
            </button>
          </div>
        </div>
      )}
    </Field>
  );
}
