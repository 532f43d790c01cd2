import type { TextareaHTMLAttributes } from 'react';
import { Field } from './field';

export interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  help?: string;
  error?: string;
  id?: string;
}

export function TextareaField({ label, help, error, id, className, ...textarea }: TextareaFieldProps) {
  return (
    <Field label={label} help={help} error={error} id={id}>
      {(control) => (
        <div className="control">
          <textarea {...textarea} {...control} className={['textarea', error && 'is-danger', className].filter(Boolean).join(' ')} />
        </div>
      )}
    </Field>
  );
}
