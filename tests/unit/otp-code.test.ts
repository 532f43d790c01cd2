import { describe, expect, it } from 'vitest';
import { backspaceOtp, enterOtpText, textTypedIntoBox } from '../../src/ui/otp-code';

const empty = () => Array<string>(6).fill('');

describe('one-time code boxes', () => {
  it('takes one digit and moves to the next box', () => {
    expect(enterOtpText(empty(), 0, '4')).toEqual({ digits: ['4', '', '', '', '', ''], focus: 1 });
  });

  it('ignores anything but digits', () => {
    expect(enterOtpText(empty(), 2, 'a')).toEqual({ digits: empty(), focus: 2 });
  });

  it('fills every box from the first when a whole code is pasted into any box', () => {
    expect(enterOtpText(empty(), 3, '123 456')).toEqual({ digits: ['1', '2', '3', '4', '5', '6'], focus: 5 });
  });

  it('fills from the box pasted into when part of a code is pasted', () => {
    expect(enterOtpText(empty(), 2, '78')).toEqual({ digits: ['', '', '7', '8', '', ''], focus: 4 });
  });

  it('backspace clears the box, then moves back and clears the previous one', () => {
    const filled = ['1', '2', '3', '', '', ''];
    expect(backspaceOtp(filled, 2)).toEqual({ digits: ['1', '2', '', '', '', ''], focus: 2 });
    expect(backspaceOtp(['1', '2', '', '', '', ''], 2)).toEqual({ digits: ['1', '', '', '', '', ''], focus: 1 });
    expect(backspaceOtp(empty(), 0)).toEqual({ digits: empty(), focus: 0 });
  });
});

describe('textTypedIntoBox', () => {
  it('keeps the new key when one is typed over a digit', () => {
    expect(textTypedIntoBox('0', '07')).toBe('7');
    expect(textTypedIntoBox('0', '70')).toBe('7');
  });

  it('keeps a whole code autofilled over filled boxes, even one containing the old digit', () => {
    expect(textTypedIntoBox('0', '166190')).toBe('166190');
    expect(enterOtpText(['0', '0', '0', '0', '0', '0'], 0, textTypedIntoBox('0', '166190')).digits.join('')).toBe('166190');
  });
});
