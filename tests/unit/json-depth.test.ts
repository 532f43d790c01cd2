import { describe, expect, it } from 'vitest';
import { jsonDepth } from '../../server/api/guards/json-bodies';

describe('jsonDepth', () => {
  it('counts how deep objects and arrays nest', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('[[],[],[[]]]')).toBe(3);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth(String.raw`{"a":"say \"[[[\" twice","b":["\\"]}`)).toBe(2);
  });

  it('stops once past the limit', () => {
    expect(jsonDepth('['.repeat(100_000), 32)).toBe(33);
  });
});
