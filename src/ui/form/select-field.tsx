import type { SelectHTMLAttributes } from 'react';
import { Field } from './field';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  help?: string;
  error?: string;
  id?: string;
  options: { value: string; label: string }[];
  /** Text of an empty first option, shown until the user chooses. */
  placeholder?: string;
}

export function SelectField({ label, help, error, id, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <Field label={label} help={help} error={error} id={id}>
      {(control) => (
        <div className="control">
          <div className={`select is-fullwidth${error ? ' is-danger' : ''}`}>
            <select {...select} {...control}>
              {placeholder !== undefined && <option value="">{placeholder}</option>}
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </Field>
  );
}
