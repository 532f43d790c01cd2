/**
 * The API trusts only what it can verify (DESIGN §12): an e-mail counts only when the token says
 * it is verified, storage prefixes come from the server's own records, links in mail from the
 * configured app origin, and admin rights from the pool's admin group on every token.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notifications } from '../../server/db/schema';
import { apiFor } from '../support/api-harness';
import { dealBetween, SALE } from '../support/deals';
import { mintIdToken, personFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

const APP_ORIGIN = 'https://app.example.test';

beforeAll(async () => {
  api = await apiFor(parts, { APP_ORIGIN });
});
afterAll(() => api.close());

const call: (typeof api)['call'] = (...args) => api.call(...args);
const deal = () => dealBetween(api, parts.identity);

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

    // Verified, the address's offers are the account's on its first call, with no link to open.
    const verified = await bearerWith({ email: owner, email_verified: true });
    expect((await call('GET', '/api/offers', verified)).json().received).toHaveLength(1);
    expect((await call('POST', '/api/offers/link-account', verified)).json()).toEqual({ negotiations: 0, deals: 0 });
  });

  it('keeps the last verified address on the profile when a token brings an unverified one', async () => {
    const subject = randomUUID();
    const first = `first-${subject.slice(0, 8)}@example.com`;
    await call('GET', '/api/users/profile', await bearerWith({ email: first, email_verified: true }, subject));
    const later = await bearerWith({ email: `someone-else-${subject.slice(0, 8)}@example.com`, email_verified: false }, subject);
    expect((await call('GET', '/api/users/profile', later)).json().email).toBe(first);
  });
});

describe('storage prefixes', () => {
  it("puts a user's uploads under their own id, whatever identity id the client sent", async () => {
    const { buyer, buyerTx } = await deal();
    const someoneElse = await personFor(parts.identity, 'other');
    const theirIdentity = `us-west-2:${randomUUID()}`;
    await call('PATCH', '/api/users/profile/identity', someoneElse.bearer, { cognitoIdentityId: theirIdentity });
    await call('PATCH', '/api/users/profile/identity', buyer.bearer, { cognitoIdentityId: theirIdentity });
    const { uid } = (await call('GET', '/api/users/profile', buyer.bearer)).json();
    const created = await call('POST', '/api/uploads', buyer.bearer, {
      transactionId: buyerTx,
      slot: 'proof-of-address',
      fileName: 'bill.pdf',
      contentType: 'application/pdf',
      size: 1000,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().key).toMatch(new RegExp(`^private/${uid}/transactions/${buyerTx}/proof-of-address/`));
    expect(created.json().key).not.toContain(theirIdentity);
  });
});

describe('links in mail', () => {
  it('are built from APP_ORIGIN, never from the Host or X-Forwarded-* headers a client sends', async () => {
    const seller = await personFor(parts.identity, 'seller');
    const counterpartyEmail = `buyer-${randomUUID().slice(0, 8)}@example.com`;
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const started = await api.app.inject({
      method: 'POST',
      url: '/api/offers',
      headers: { authorization: seller.bearer, ...forged },
      payload: { ...SALE, counterpartyEmail },
    });
    expect(started.json().shareUrl).toMatch(new RegExp(`^${APP_ORIGIN}/deals\\?token=[\\w-]{43}$`));
    const [mail] = (await api.database.db.select().from(notifications)).filter((row) => row.toEmail === counterpartyEmail);
    expect(mail!.body).toContain(`${APP_ORIGIN}/deals?token=`);
    expect(mail!.body).not.toContain('evil.example');
    const link = await api.app.inject({
      method: 'POST',
      url: `/api/offers/${started.json().id}/links`,
      headers: { authorization: seller.bearer, ...forged },
    });
    expect(link.json().shareUrl).toMatch(new RegExp(`^${APP_ORIGIN}/deals\\?token=`));
  });
});

describe('admin rights', () => {
  it("follow the pool's admin group on every token, both ways", async () => {
    const subject = randomUUID();
    const email = `admin-${subject.slice(0, 8)}@example.com`;
    const inGroup = await bearerWith({ email, 'cognito:groups': ['admin'] }, subject);
    const removed = await bearerWith({ email }, subject);
    const other = (await call('GET', '/api/users/profile', await bearerWith({ email: `x-${subject}@example.com` }))).json();

    expect((await call('GET', '/api/users/profile', inGroup)).json().type).toBe('admin');
    expect((await call('PATCH', `/api/users/${other.uid}/type`, inGroup, { type: 'dealer' })).statusCode).toBe(200);

    expect((await call('GET', '/api/users/profile', removed)).json().type).toBe('customer');
    expect((await call('PATCH', `/api/users/${other.uid}/type`, removed, { type: 'customer' })).statusCode).toBe(403);

    expect((await call('GET', '/api/users/profile', inGroup)).json().type).toBe('admin');
  });

  it('are given only through the group: making a user admin through the API is refused, naming the field', async () => {
    const admin = await bearerWith({ email: `a-${randomUUID()}@example.com`, 'cognito:groups': ['admin'] });
    const other = (await call('GET', '/api/users/profile', await bearerWith({ email: `o-${randomUUID()}@example.com` }))).json();
    const refused = await call('PATCH', `/api/users/${other.uid}/type`, admin, { type: 'admin' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^type: .*admin group/);
  });
});
