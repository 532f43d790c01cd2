/**
 * The API trusts only what it can verify (DESIGN §12): an e-mail counts only when the token says
 * it is verified, storage prefixes come from the server's own records, links in mail from the
 * configured app origin, and admin rights from the pool's admin group on every token.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiFor } from '../support/api-harness';
import { mintIdToken, personFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(() => api.close());

const call: (typeof api)['call'] = (...args) => api.call(...args);
const SALE = { vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 }, amount: 20_000, role: 'seller' } as const;

/** A bearer for a fresh subject with exactly these claims. */
const bearerWith = async (claims: Record<string, unknown>, subject = randomUUID()) =>
  `Bearer ${await mintIdToken(parts.identity, claims, { subject })}`;

describe('e-mail claims', () => {
  it('attaches offers sent to an address only to a user whose token says that address is verified', async () => {
    const seller = await personFor(parts.identity, 'seller');
    const owner = `owner-${randomUUID().slice(0, 8)}@example.com`;
    expect((await call('POST', '/api/offers', seller.bearer, { ...SALE, counterpartyEmail: owner })).statusCode).toBe(201);

    // Someone who set their pool e-mail to the owner's address without confirming it.
    const claimant = await bearerWith({ email: owner, email_verified: false });
    const refused = await call('POST', '/api/offers/link-account', claimant);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/confirm your e-mail address/i);
    expect((await call('GET', '/api/offers', claimant)).json().received).toEqual([]);

    const verified = await bearerWith({ email: owner, email_verified: true });
    expect((await call('POST', '/api/offers/link-account', verified)).json()).toEqual({ negotiations: 1, deals: 0 });
    expect((await call('GET', '/api/offers', verified)).json().received).toHaveLength(1);
  });

  it('keeps the last verified address on the profile when a token brings an unverified one', async () => {
    const subject = randomUUID();
    const first = `first-${subject.slice(0, 8)}@example.com`;
    await call('GET', '/api/users/profile', await bearerWith({ email: first, email_verified: true }, subject));
    const later = await bearerWith({ email: `someone-else-${subject.slice(0, 8)}@example.com`, email_verified: false }, subject);
    expect((await call('GET', '/api/users/profile', later)).json().email).toBe(first);
  });
});
