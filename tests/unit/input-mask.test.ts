import { describe, expect, it } from 'vitest';
import { applyMaskedInput, deleteAcrossLiteral, formatMasked, unmask } from '../../src/domain/input-mask';

const PHONE = '(###) ###-####';

/** Types `text` one character at a time at the end, as a user would. */
function typeAll(mask: string, text: string) {
  let state = { value: '', caret: 0 };
  for (const char of text) {
    const raw = state.value.slice(0, state.caret) + char + state.value.slice(state.caret);
    state = applyMaskedInput(mask, raw, state.caret + 1);
  }
  return state;
}

describe('input masks (SPEC §5)', () => {
  it('# takes digits only, adding literals as the user types', () => {
    expect(typeAll(PHONE, '5551234567')).toMatchObject({ value: '(555) 123-4567', caret: 14 });
    expect(typeAll(PHONE, '55a5')).toMatchObject({ value: '(555' });
  });

  it('@ takes letters only', () => {
    expect(typeAll('@@-##', 'a1b2c3')).toMatchObject({ value: 'ab-23' });
  });

  it('* takes letters and digits but not symbols', () => {
    expect(typeAll('***-***', 'A1!b2?c3')).toMatchObject({ value: 'A1b-2c3' });
  });

  it('stops at the mask capacity', () => {
    expect(typeAll('##/##', '123456').value).toBe('12/34');
  });

  it('shows no trailing literal until a data character follows it', () => {
    expect(formatMasked(PHONE, '555')).toBe('(555');
    expect(formatMasked(PHONE, '5551')).toBe('(555) 1');
  });

  it('deletes a character in the middle and shifts the rest left, caret kept in place', () => {
    const value = '(555) 123-4567';
    // Delete the "2" (index 7): the browser's value loses that character, caret at 7.
    const edit = applyMaskedInput(PHONE, value.slice(0, 7) + value.slice(8), 7);
    expect(edit).toEqual({ value: '(555) 134-567', data: '555134567', caret: 7 });
  });

  it('inserts a character in the middle', () => {
    const edit = applyMaskedInput(PHONE, '(555) 1923-456', 8);
    expect(edit).toMatchObject({ value: '(555) 192-3456', caret: 8 });
  });

  it('backspace over a literal removes the data character before it', () => {
    // Caret right after ") " — the literal stays, the "5" before it goes.
    expect(deleteAcrossLiteral(PHONE, '(555) 123', 6, 'backward')).toEqual({ value: '(551) 23', data: '55123', caret: 3 });
    expect(deleteAcrossLiteral(PHONE, '(555) 123', 4, 'forward')).toEqual({ value: '(555) 23', data: '55523', caret: 4 });
    expect(deleteAcrossLiteral(PHONE, '(555', 0, 'backward')).toBeNull();
  });

  it('takes a pasted value formatted or not, and drops what does not fit', () => {
    expect(applyMaskedInput(PHONE, '5551234567', 10)).toMatchObject({ value: '(555) 123-4567', caret: 14 });
    expect(applyMaskedInput(PHONE, '(555) 123-4567', 14)).toMatchObject({ value: '(555) 123-4567' });
    expect(applyMaskedInput(PHONE, '+1 555.123.4567 ext 9', 21).value).toBe('(155) 512-3456');
    expect(unmask('@@##', '12ab34')).toBe('ab34');
  });
});
