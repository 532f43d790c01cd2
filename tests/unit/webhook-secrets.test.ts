import { describe, expect, it } from 'vitest';
import { acceptedSecrets, derivedSecrets, secretsFromEnvironment } from '../../server/providers/webhook-secrets';

const NEW = 'whsec_bmV3IHNlY3JldCBmb3IgcGF5bWVudHM=';
const OLD = 'whsec_b2xkIHNlY3JldCBmb3IgcGF5bWVudHM=';

describe('webhook secrets', () => {
  it('are each provider’s own, and a provider without one has none', () => {
    const secrets = secretsFromEnvironment({ WEBHOOK_SECRET_PAYMENTS: NEW, WEBHOOK_SECRET_TITLE_DESK: OLD }, null);
    expect(secrets.payments).toEqual({ current: NEW, previous: null, previousUntil: null });
    expect(secrets['title-desk']?.current).toBe(OLD);
    expect(secrets.esign).toBeUndefined();
  });

  it('take the previous secret during a rotation only, until the window ends', () => {
    const until = new Date('2026-12-01T00:00:00Z');
    const payments = secretsFromEnvironment({ WEBHOOK_SECRET_PAYMENTS: NEW, WEBHOOK_SECRET_PAYMENTS_PREVIOUS: OLD }, until).payments!;
    expect(acceptedSecrets(payments, new Date('2026-11-30T23:59:59Z'))).toEqual([NEW, OLD]);
    expect(acceptedSecrets(payments, until)).toEqual([NEW]);
    // A previous secret without a window is never taken.
    const open = secretsFromEnvironment({ WEBHOOK_SECRET_PAYMENTS: NEW, WEBHOOK_SECRET_PAYMENTS_PREVIOUS: OLD }, null).payments!;
    expect(acceptedSecrets(open)).toEqual([NEW]);
  });

  it('of the sandboxes differ for each provider, the same from the same seed', () => {
    const secrets = derivedSecrets('seed');
    expect(new Set(Object.values(secrets)).size).toBe(Object.keys(secrets).length);
    expect(derivedSecrets('seed')).toEqual(secrets);
    expect(Object.values(secrets).every((secret) => /^whsec_[A-Za-z0-9+/=]{20,}$/.test(secret))).toBe(true);
  });
});
