/**
 * The form helper every form uses: values checked against a zod schema, each field's error
 * shown once it was left (blur) or the form submitted, the first invalid field focused on
 * submit, a submit that cannot run twice at once, unsaved input reported (unsaved-work.ts) and,
 * for a form given a draft key, unsent input kept in IndexedDB across reloads (drafts.ts).
 */
import { useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { useUnsavedWork } from '../../data/device/unsaved-work';
import { useDraft, type DraftOptions } from './use-draft';

/**
 * `initial` fixes the shape of what the user edits (a checkbox is a boolean even when the
 * schema only accepts `true`); the schema decides what may be submitted. With `draft`, what
 * the user typed and has not sent comes back after a reload, until the form is sent.
 */
export function useZodForm<S extends z.ZodMiniType, V extends Record<string, unknown>>(schema: S, initial: V, draft?: DraftOptions) {
  const [values, setValues] = useState<V>(initial);
  // What was last saved (or the initial values): input that differs is unsaved work, which
  // holds back automatic reloads for app updates.
  const [saved, setSaved] = useState<V>(initial);
  const unsaved = Object.keys(values).some((name) => values[name] !== saved[name]);
  useUnsavedWork(unsaved);
  const typed = useRef(false);
  const draftSent = useDraft(draft, values, unsaved, typed, setValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  const allErrors = errorsOf(schema, values);
  const errors = Object.fromEntries(Object.entries(allErrors).filter(([name]) => touched[name]));

  function field<K extends keyof V & string>(name: K) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (next: V[K]) => {
        typed.current = true;
        setValues((current) => ({ ...current, [name]: next }));
      },
      onBlur: (event?: FocusEvent) => {
        // Leaving a field for the submit button: the submit shows every error at once. Showing
        // this one now would shift the button between mouse down and up and swallow the click.
        const next = event?.relatedTarget;
        if (next instanceof HTMLButtonElement && next.type === 'submit') return;
        setTouched((current) => ({ ...current, [name]: true }));
      },
    };
  }

  /** Props for a text-like field (TextField, PasswordField, TextareaField) bound to a string value. */
  function textField<K extends keyof V & string>(name: K) {
    const bound = field(name);
    return {
      name,
      value: String(bound.value ?? ''),
      error: bound.error,
      onBlur: bound.onBlur,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => bound.onChange(event.target.value as V[K]),
    };
  }

  /** Props for a CheckboxField bound to a boolean value. */
  function checkboxField<K extends keyof V & string>(name: K) {
    const bound = field(name);
    return {
      name,
      checked: Boolean(bound.value),
      error: bound.error,
      onBlur: bound.onBlur,
      onChange: (event: ChangeEvent<HTMLInputElement>) => bound.onChange(event.target.checked as V[K]),
    };
  }

  function handleSubmit(onValid: (data: z.output<S>) => Promise<void> | void) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (inFlight.current) return;
      const result = schema.safeParse(values);
      if (!result.success) {
        const invalid = errorsOf(schema, values);
        setTouched((current) => ({ ...current, ...Object.fromEntries(Object.keys(invalid).map((name) => [name, true])) }));
        focusFirstInvalid(event.currentTarget, Object.keys(invalid));
        return;
      }
      inFlight.current = true;
      setSubmitting(true);
      try {
        await onValid(result.data);
        setSaved(values);
        draftSent();
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    };
  }

  return { values, errors, field, textField, checkboxField, handleSubmit, submitting, setValues };
}

function errorsOf(schema: z.ZodMiniType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    errors[name] ??= issue.message;
  }
  return errors;
}

/** Focuses the invalid field that comes first in the form, not first in the schema. */
function focusFirstInvalid(form: HTMLFormElement, names: string[]) {
  const first = [...form.elements].find((element): element is HTMLElement => names.includes((element as HTMLInputElement).name));
  first?.focus();
}

/**
 * Reports the problems `schema` finds in `value` against a flat form's fields — each by the last part
 * of its path — for forms whose fields are flat while the payload they make nests (an address).
 */
export function reportFlat(schema: z.ZodMiniType, value: unknown, context: { issues: unknown[] }): void {
  const result = schema.safeParse(value);
  if (!result.success)
    for (const issue of result.error.issues)
      context.issues.push({ code: 'custom', message: issue.message, input: '', path: [String(issue.path.at(-1))] });
}
