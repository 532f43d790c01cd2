import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: string;
  help?: string;
  error?: string;
  id?: string;
  /** The control, given the ids that tie it to its label, help and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, help text and error text around one control, wired with aria-describedby. */
export function Field({ label, help, error, id, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const helpId = help ? `${controlId}-help` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="label" htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      <FieldMessages helpId={helpId} help={help} errorId={errorId} error={error} />
    </div>
  );
}

/** Help and error lines under a control or a group of controls. */
export function FieldMessages({ helpId, help, errorId, error }: { helpId?: string; help?: string; errorId?: string; error?: string }) {
  return (
    <>
      {error && (
        <p id={errorId} className="help is-danger">
          {error}
        </p>
      )}
      {help && (
        <p id={helpId} className="help">
          {help}
        </p>
      )}
    </>
  );
}
