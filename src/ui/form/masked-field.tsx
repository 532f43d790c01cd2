import { useLayoutEffect, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { applyMaskedInput, deleteAcrossLiteral, formatMasked, isSlot, maskCapacity } from '../../domain/input-mask';
import { Field } from './field';

export interface MaskedFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'type'> {
  label: string;
  help?: string;
  error?: string;
  id?: string;
  /** SPEC §5: `#` a digit, `@` a letter, `*` a letter or digit; anything else is shown as is. */
  mask: string;
  /** The data characters only, without the mask's literals. */
  value: string;
  onValueChange: (data: string) => void;
}

/** A text input that formats as the user types, deletes in the middle or pastes. */
export function MaskedField({ label, help, error, id, mask, value, onValueChange, className, ...input }: MaskedFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const formatted = formatMasked(mask, value);

  useLayoutEffect(() => {
    if (caret !== null && ref.current === document.activeElement) ref.current?.setSelectionRange(caret, caret);
  }, [caret, formatted]);

  function commit(edit: { data: string; caret: number }) {
    onValueChange(edit.data);
    setCaret(edit.caret);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const target = event.currentTarget;
    const collapsed = target.selectionStart === target.selectionEnd;
    const at = target.selectionStart ?? 0;
    const neighbour = event.key === 'Backspace' ? mask[at - 1] : event.key === 'Delete' ? mask[at] : undefined;
    if (!collapsed || neighbour === undefined || isSlot(neighbour)) return;
    event.preventDefault();
    const edit = deleteAcrossLiteral(mask, target.value, at, event.key === 'Backspace' ? 'backward' : 'forward');
    if (edit) commit(edit);
  }

  return (
    <Field label={label} help={help} error={error} id={id}>
      {(control) => (
        <div className="control">
          <input
            {...input}
            {...control}
            ref={ref}
            type="text"
            className={['input', error && 'is-danger', className].filter(Boolean).join(' ')}
            value={formatted}
            data-mask-capacity={maskCapacity(mask)}
            onKeyDown={onKeyDown}
            onChange={(event) =>
              commit(applyMaskedInput(mask, event.target.value, event.target.selectionStart ?? event.target.value.length))
            }
          />
        </div>
      )}
    </Field>
  );
}
