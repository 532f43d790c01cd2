/** The one-time-code boxes' rules, apart from React so they can be tested alone. */

/**
 * Puts typed or pasted text into the boxes from `index` on: only digits count, a whole code
 * pasted into any box fills every box from the first. Returns the digits and the box to focus.
 */
export function enterOtpText(digits: readonly string[], index: number, text: string): { digits: string[]; focus: number } {
  const typed = text.replace(/\D/g, '');
  const next = [...digits];
  if (!typed) return { digits: next, focus: index };
  const start = typed.length >= digits.length ? 0 : index;
  [...typed.slice(0, digits.length - start)].forEach((digit, offset) => {
    next[start + offset] = digit;
  });
  const lastFilled = Math.min(start + typed.length, digits.length) - 1;
  return { digits: next, focus: Math.min(lastFilled + 1, digits.length - 1) };
}

/**
 * What the user put into one box: a key typed over the box's digit leaves two characters, of
 * which the new one counts; anything longer (autofill of a one-time code, a whole code typed
 * or filled at once) is kept whole for enterOtpText to spread over the boxes.
 */
export function textTypedIntoBox(previous: string, value: string): string {
  if (value.length === 2 && previous && value.includes(previous)) return value.replace(previous, '');
  return value;
}

/** Backspace: clears this box, or the previous one when this box is already empty, and moves back. */
export function backspaceOtp(digits: readonly string[], index: number): { digits: string[]; focus: number } {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  const previous = Math.max(index - 1, 0);
  next[previous] = '';
  return { digits: next, focus: previous };
}
