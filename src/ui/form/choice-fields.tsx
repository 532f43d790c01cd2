import { useId, type InputHTMLAttributes } from 'react';
import { FieldMessages } from './field';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: string;
  help?: string;
  error?: string;
  id?: string;
}

/** One checkbox with its label beside it, such as consent to terms. */
export function CheckboxField({ label, help, error, id, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const helpId = help ? `${controlId}-help` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className="field">
      <div className="control">
        <label className="checkbox ui-choice" htmlFor={controlId}>
          <input
            {...input}
            id={controlId}
            type="checkbox"
            aria-describedby={[errorId, helpId].filter(Boolean).join(' ') || undefined}
            aria-invalid={error ? true : undefined}
          />
          <span>{label}</span>
        </label>
      </div>
      <FieldMessages helpId={helpId} help={help} errorId={errorId} error={error} />
    </div>
  );
}

export interface RadioGroupProps {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  value: string | undefined;
  onChange: (value: string) => void;
  help?: string;
  error?: string;
}

/** A set of radio buttons in a fieldset whose legend names the question. */
export function RadioGroup({ legend, name, options, value, onChange, help, error }: RadioGroupProps) {
  const baseId = useId();
  const helpId = help ? `${baseId}-help` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  return (
    <fieldset
      className="field"
      aria-describedby={[errorId, helpId].filter(Boolean).join(' ') || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="label">{legend}</legend>
      <div className="control ui-radio-list">
        {options.map((option) => (
          <label key={option.value} className="radio ui-choice">
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldMessages helpId={helpId} help={help} errorId={errorId} error={error} />
    </fieldset>
  );
}
