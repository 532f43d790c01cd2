import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, caramelCodeFrom, formatCaramelCode, readCaramelCode } from '../../src/domain/caramel-code';

const code = caramelCodeFrom([7, 19, 23, 2, 20, 9, 29]);

describe('Caramel codes', () => {
  it('are eight characters of an alphabet without I, L, O or U, and read back as themselves', () => {
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(readCaramelCode(code)).toEqual({ ok: true, code });
    expect(formatCaramelCode(code)).toBe(`${code.slice(0, 4)}-${code.slice(4)}`);
  });

  it('read the way people type them: any case, dashes and spaces, i and l for 1, o for 0', () => {
    const withLookalikes = caramelCodeFrom([1, 0, 1, 0, 1, 0, 1]);
    const typed = ` ${formatCaramelCode(withLookalikes).toLowerCase().replace(/1/g, 'l').replace(/0/g, 'o')} `;
    expect(readCaramelCode(typed)).toEqual({ ok: true, code: withLookalikes });
  });

  it('catch every single mistyped character and every swap of two different neighbours', () => {
    for (let position = 0; position < 8; position++)
      for (const char of CODE_ALPHABET) {
        if (char === code[position]) continue;
        const typo = code.slice(0, position) + char + code.slice(position + 1);
        expect(readCaramelCode(typo).ok, typo).toBe(false);
      }
    for (let position = 0; position < 7; position++) {
      if (code[position] === code[position + 1]) continue;
      const swapped = code.slice(0, position) + code[position + 1] + code[position] + code.slice(position + 2);
      expect(readCaramelCode(swapped).ok, swapped).toBe(false);
    }
  });

  it('say what is wrong with text that cannot be a code', () => {
    expect(readCaramelCode('ABC')).toEqual({ ok: false, message: 'A Caramel code has 8 characters, such as 7KQ2-M9X1' });
    expect(readCaramelCode('UUUUUUUU')).toEqual({ ok: false, message: 'A Caramel code has only letters and digits (never U)' });
  });
});
