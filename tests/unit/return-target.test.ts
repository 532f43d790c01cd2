import { describe, expect, it } from 'vitest';
import { returnTarget } from '../../src/domain/return-target';

describe('returnTarget', () => {
  it('returns to the path the guard saved', () => {
    expect(returnTarget('?returnTo=%2Faccount%3Ftab%3Dmfa')).toBe('/account?tab=mfa');
  });

  it.each(['?returnTo=https%3A%2F%2Fevil.example', '?returnTo=%2F%2Fevil.example', '?returnTo=%2F%5Cevil.example', '', '?returnTo='])(
    'never leaves the site: %s goes to the dashboard',
    (search) => {
      expect(returnTarget(search)).toBe('/dashboard');
    },
  );
});
