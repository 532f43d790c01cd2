/**
 * The Caramel code: a person's short public handle, typed by a counterparty instead of an e-mail
 * to start a deal with them. Eight characters from Crockford's base 32 (no I, L, O or U, so
 * nothing reads as another character), shown as two groups of four, read without regard to case
 * or spacing: i and l are taken as 1, o as 0. The last character is a Luhn mod 32 check over the
 * other seven, so a mistyped character or two swapped neighbours are caught before anything is
 * looked up. Seven random characters give 32⁷ ≈ 3.4 × 10¹⁰ codes.
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE = CODE_ALPHABET.length;
export const CODE_LENGTH = 8;

/** Luhn mod N (N = 32): the character that makes the whole code add up. */
function checkCharacter(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let index = body.length - 1; index >= 0; index--) {
    const value = CODE_ALPHABET.indexOf(body[index]!) * factor;
    sum += Math.floor(value / BASE) + (value % BASE);
    factor = factor === 2 ? 1 : 2;
  }
  return CODE_ALPHABET[(BASE - (sum % BASE)) % BASE]!;
}

/** A new code from seven random alphabet indexes (0-31) and their check character. */
export function caramelCodeFrom(randomIndexes: readonly number[]): string {
  if (randomIndexes.length !== CODE_LENGTH - 1) throw new Error(`a code needs ${CODE_LENGTH - 1} random characters`);
  const body = randomIndexes.map((index) => CODE_ALPHABET[index % BASE]!).join('');
  return body + checkCharacter(body);
}

export type CodeCheck = { ok: true; code: string } | { ok: false; message: string };

/** What a person typed, as the code it stands for, or why it cannot be one. */
export function readCaramelCode(typed: string): CodeCheck {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (code.length !== CODE_LENGTH) return { ok: false, message: `A Caramel code has ${CODE_LENGTH} characters, such as 7KQ2-M9X1` };
  if (![...code].every((char) => CODE_ALPHABET.includes(char)))
    return { ok: false, message: 'A Caramel code has only letters and digits (never U)' };
  if (checkCharacter(code.slice(0, -1)) !== code.at(-1))
    return { ok: false, message: 'This Caramel code does not add up; check each character' };
  return { ok: true, code };
}

/** `7KQ2M9X1` → `7KQ2-M9X1`: how a code is shown and read aloud. */
export function formatCaramelCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
