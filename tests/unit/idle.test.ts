import { describe, expect, it } from 'vitest';
import { isSlowConnection } from '../../src/data/device/idle';

describe('slow connections (SPEC §9)', () => {
  it('counts Save-Data and 2G as slow, 3G and 4G as not', () => {
    expect(isSlowConnection({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: 'slow-2g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: '2g' })).toBe(true);
    expect(isSlowConnection({ effectiveType: '3g' })).toBe(false);
    expect(isSlowConnection({ effectiveType: '4g' })).toBe(false);
  });
});
