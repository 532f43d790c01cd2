import { describe, expect, it } from 'vitest';
import { unmetPasswordRules } from '../../src/domain/password-policy';

describe('SPEC §5 password policy', () => {
  it.each([
    ['', ['length', 'lowercase', 'uppercase', 'symbol']],
    ['Ab!defg', ['length']],
    ['ABCDEFG!', ['lowercase']],
    ['abcdefg!', ['uppercase']],
    ['Abcdefgh', ['symbol']],
    ['Abcdefg!', []],
    ['Ab cdefg', []],
  ])('%j misses %j', (password, unmet) => {
    expect(unmetPasswordRules(password)).toEqual(unmet);
  });
});
