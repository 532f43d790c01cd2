import type { InputHTMLAttributes } from 'react';
import { Field } from './field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'prefix'> {
  label: string;
  help?: string;
  error?: string;
  id?: string;
  type?: 'text' | 'email' | 'tel' | 'number' | 'date' | 'time' | 'search' | 'url' | 'password';
  /** Text shown before the value, such as a currency sign. */
  prefix?: string;
}

/** Text, e-mail, phone, number and date inputs; with a prefix ("$") it is a currency input. */
export function TextField({ label, help, error, id, type = 'text', prefix, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} help={help} error={error} id={id}>
      {(control) => (
        <div className={`control${prefix ? ' ui-has-prefix' : ''}`}>
          {prefix && (
            <span className="ui-input-prefix" aria-hidden="true">
              {prefix}
            </span>
          )}
          <input {...input} {...control} type={type} className={['input', error && 'is-danger', className].filter(Boolean).join(' ')} />
        </div>
      )}
    </Field>
  );
}

/** A money amount in dollars: numeric keyboard, "$" prefix, whole cents. */
export function CurrencyField(props: Omit<TextFieldProps, 'type' | 'prefix' | 'inputMode' | 'step'>) {
  return <TextField {...props} type="text" inputMode="decimal" prefix="$" pattern="[0-9]+([.][0-9]{1,2})?" />;
}
