import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/data/api/api-client';

describe('apiUrl (SPEC §6: anonymous calls go under public/)', () => {
  it('keeps the path for a signed-in caller', () => {
    expect(apiUrl('/users/profile', 'token', '/api')).toBe('/api/users/profile');
  });

  it('prefixes public/ when nobody is signed in', () => {
    expect(apiUrl('offers/abc', undefined, 'https://api.example.com/v1/')).toBe('https://api.example.com/v1/public/offers/abc');
  });
});
