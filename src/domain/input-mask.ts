/**
 * Input masks (SPEC §5): `#` a digit, `@` a letter, `*` a letter or digit; every other mask
 * character is a literal the user never types. Values are handled as their data characters
 * only, so typing, deleting in the middle and pasting (formatted or not) all come down to
 * "which data characters, in which order".
 */
const SLOT_TESTS: Record<string, (c: string) => boolean> = {
  '#': (c) => /^[0-9]$/.test(c),
  '@': (c) => /^[A-Za-z]$/.test(c),
  '*': (c) => /^[A-Za-z0-9]$/.test(c),
};

export function isSlot(maskChar: string | undefined): boolean {
  return maskChar !== undefined && maskChar in SLOT_TESTS;
}

/** How many data characters the mask holds. */
export function maskCapacity(mask: string): number {
  return [...mask].filter(isSlot).length;
}

/**
 * The data characters of a (possibly half-formatted) value, aligned against the mask:
 * literals typed or pasted where the mask has them are dropped, characters a slot does not
 * accept are dropped, and anything beyond the mask's capacity is cut.
 */
export function unmask(mask: string, value: string): string {
  let data = '';
  let position = 0;
  for (const char of value) {
    while (position < mask.length && !isSlot(mask[position]) && mask[position] !== char) position += 1;
    if (position >= mask.length) break;
    const maskChar = mask[position]!;
    if (!isSlot(maskChar)) {
      position += 1; // the literal itself, typed or pasted
      continue;
    }
    if (SLOT_TESTS[maskChar]!(char)) {
      data += char;
      position += 1;
    }
  }
  return data;
}

/** The data laid into the mask; literals appear only once a data character follows them. */
export function formatMasked(mask: string, data: string): string {
  let out = '';
  let next = 0;
  for (const maskChar of mask) {
    if (next >= data.length) break;
    if (isSlot(maskChar)) {
      if (!SLOT_TESTS[maskChar]!(data[next]!)) break;
      out += data[next];
      next += 1;
    } else {
      out += maskChar;
    }
  }
  return out;
}

/** Where the caret goes in a formatted value so that `dataBefore` data characters precede it. */
export function caretAfterData(mask: string, formatted: string, dataBefore: number): number {
  if (dataBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (isSlot(mask[i])) seen += 1;
    if (seen === dataBefore) return i + 1;
  }
  return formatted.length;
}

/** Data characters before a caret position in a formatted value. */
export function dataBeforeCaret(mask: string, formatted: string, caret: number): number {
  let count = 0;
  for (let i = 0; i < Math.min(caret, formatted.length); i += 1) if (isSlot(mask[i])) count += 1;
  return count;
}

export interface MaskedEdit {
  value: string;
  data: string;
  caret: number;
}

/** Applies what the browser put in the field (typing, paste, cut, delete) and says where the caret goes. */
export function applyMaskedInput(mask: string, rawValue: string, rawCaret: number): MaskedEdit {
  const data = unmask(mask, rawValue);
  const dataBefore = unmask(mask, rawValue.slice(0, rawCaret)).length;
  const value = formatMasked(mask, data);
  return { value, data, caret: caretAfterData(mask, value, Math.min(dataBefore, data.length)) };
}

/**
 * Backspace or Delete with the caret next to a literal: the literal cannot be removed, so the
 * nearest data character in that direction goes instead.
 */
export function deleteAcrossLiteral(mask: string, value: string, caret: number, direction: 'backward' | 'forward'): MaskedEdit | null {
  const data = unmask(mask, value);
  const before = dataBeforeCaret(mask, value, caret);
  const removeAt = direction === 'backward' ? before - 1 : before;
  if (removeAt < 0 || removeAt >= data.length) return null;
  const nextData = data.slice(0, removeAt) + data.slice(removeAt + 1);
  const nextValue = formatMasked(mask, nextData);
  return { value: nextValue, data: nextData, caret: caretAfterData(mask, nextValue, removeAt) };
}
