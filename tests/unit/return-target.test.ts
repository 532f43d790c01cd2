import { describe, expect, it } from 'vitest';
import { returnTarget } from '../../src/domain/return-target';

describe('returnTarget', () => {
  it('returns to the path the guard saved', () => {
    expect(returnTarget('?returnTo=%2Faccount%3Ftab%3Dmfa')).toBe('/account?tab=mfa');
    expect(returnTarget('?returnTo=%2Ftransaction%2Fpayment%3Ftransaction%3Dabc%23pay')).toBe('/transaction/payment?transaction=abc#pay');
  });

  it.each([
    '?returnTo=https%3A%2F%2Fevil.example',
    '?returnTo=%2F%2Fevil.example',
    '?returnTo=%2F%5Cevil.example',
    '?returnTo=%2F%09%2Fevil.example',
    '?returnTo=%2F%0D%0A%2Fevil.example',
    '?returnTo=%2F%0A%2Fevil.example',
    '?returnTo=%09%2F%2Fevil.example',
    '?returnTo=javascript%3Aalert(1)',
    '',
    '?returnTo=',
  ])('never leaves the site: %s goes to the dashboard', (search) => {
    expect(returnTarget(search)).toBe('/dashboard');
  });
});
