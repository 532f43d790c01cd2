import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/domain/byte-format';

describe('sizes and speeds in words', () => {
  it('rounds what is under a kilobyte: an upload speed measured over a fraction of a second is a whole number of bytes', () => {
    expect(formatBytes(101.58730158730158)).toBe('102 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
  });
});
