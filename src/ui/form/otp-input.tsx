import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { backspaceOtp, enterOtpText, textTypedIntoBox } from '../otp-code';
import { FieldMessages } from './field';

export interface OtpInputProps {
  label: string;
  length?: number;
  value: string;
  onChange: (code: string) => void;
  help?: string;
  error?: string;
}

/**
 * A one-time code in N boxes: digits only, a pasted code fills every box, Backspace moves
 * back, arrows move between boxes, and the first box offers the browser's one-time-code autofill.
 */
export function OtpInput({ label, length = 6, value, onChange, help, error }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const baseId = useId();
  const digits = Array.from({ length }, (_, index) => value[index] ?? '');
  const helpId = help ? `${baseId}-help` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;

  function update(next: { digits: string[]; focus: number }) {
    onChange(next.digits.join('').replace(/\s/g, ''));
    boxes.current[next.focus]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      update(backspaceOtp(digits, index));
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      boxes.current[index - 1]?.focus();
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      boxes.current[index + 1]?.focus();
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>, index: number) {
    event.preventDefault();
    update(enterOtpText(digits, index, event.clipboardData.getData('text')));
  }

  return (
    <fieldset className="field" aria-describedby={[errorId, helpId].filter(Boolean).join(' ') || undefined}>
      <legend className="label">{label}</legend>
      <div className="ui-otp">
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(node) => {
              boxes.current[index] = node;
            }}
            className={`input ui-otp-box${error ? ' is-danger' : ''}`}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            maxLength={length}
            aria-label={`Digit ${index + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            value={digit}
            onFocus={(event) => event.currentTarget.select()}
            onKeyDown={(event) => onKeyDown(event, index)}
            onPaste={(event) => onPaste(event, index)}
            onChange={(event) => update(enterOtpText(digits, index, textTypedIntoBox(digit, event.target.value)))}
          />
        ))}
      </div>
      <FieldMessages helpId={helpId} help={help} errorId={errorId} error={error} />
    </fieldset>
  );
}
