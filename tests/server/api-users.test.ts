/**
 * The users and dashboard routes as callers see them: who may call, what each user reaches,
 * and how bad input is refused without changing what was saved.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiFor } from '../support/api-harness';
import { bearerFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(() => api.close());

type Method = 'GET' | 'PATCH' | 'POST' | 'DELETE';
function call(method: Method, url: string, authorization?: string, body?: unknown) {
  return api.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const buyer = {
  legalFirstName: 'Dana',
  legalLastName: 'Reyes',
  dateOfBirth: '1988-02-14',
  address: { line1: '12 Oak St', city: 'Austin', state: 'TX', postalCode: '78701' },
};

async function uidOf(authorization: string): Promise<string> {
  return (await call('GET', '/api/users/profile', authorization)).json().uid;
}

describe('without a valid token', () => {
  const someId = randomUUID();
  it.each<[Method, string]>([
    ['GET', '/api/users/profile'],
    ['PATCH', '/api/users/profile'],
    ['DELETE', '/api/users/profile'],
    ['PATCH', '/api/users/profile/identity'],
    ['POST', `/api/users/${someId}/profile/${someId}`],
    ['PATCH', `/api/users/${someId}/type`],
    ['GET', '/api/dashboard'],
  ])('%s %s answers 401', async (method, url) => {
    expect((await call(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode).toBe(401);
    expect((await call(method, url, 'Bearer forged.token.here', method === 'GET' ? undefined : {})).statusCode).toBe(401);
  });
});

describe('own profile', () => {
  it('is created on first contact as a customer without details', async () => {
    const me = await bearerFor(parts.identity);
    const profile = (await call('GET', '/api/users/profile', me)).json();
    expect(profile).toMatchObject({ type: 'customer', firstName: null, isAdditionalDetailsSubmitted: false, cognitoIdentityId: null });
  });

  it('counts details as submitted once first name, last name and mobile are all saved', async () => {
    const me = await bearerFor(parts.identity);
    const partial = await call('PATCH', '/api/users/profile', me, { firstName: 'Dana', lastName: 'Reyes' });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().isAdditionalDetailsSubmitted).toBe(false);
    const full = await call('PATCH', '/api/users/profile', me, { mobile: '+14155550134' });
    expect(full.json()).toMatchObject({ firstName: 'Dana', lastName: 'Reyes', mobile: '+14155550134', isAdditionalDetailsSubmitted: true });
  });

  it.each([
    [{ nickname: 'D' }, 'Unrecognized key'],
    [{ firstName: '' }, 'firstName: First name cannot be empty'],
    [{ firstName: 42 }, 'firstName'],
    [{ mobile: '555-0134' }, 'mobile: Enter a 10-digit US mobile number'],
    [{ type: 'admin' }, 'Unrecognized key'],
    [{}, 'Send at least one of firstName, lastName or mobile'],
  ])('refuses %j with 400 and leaves the saved profile as it was', async (body, message) => {
    const me = await bearerFor(parts.identity);
    await call('PATCH', '/api/users/profile', me, { firstName: 'Kept' });
    const answer = await call('PATCH', '/api/users/profile', me, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(message);
    expect((await call('GET', '/api/users/profile', me)).json()).toMatchObject({ firstName: 'Kept', type: 'customer' });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const me = await bearerFor(parts.identity);
    const answer = await api.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { authorization: me, 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(answer.statusCode).toBe(400);
  });

  it('stores the identity id in Cognito form only', async () => {
    const me = await bearerFor(parts.identity);
    const bad = await call('PATCH', '/api/users/profile/identity', me, { cognitoIdentityId: 'nope' });
    expect(bad.statusCode).toBe(400);
    const id = `us-west-2:${randomUUID()}`;
    const good = await call('PATCH', '/api/users/profile/identity', me, { cognitoIdentityId: id });
    expect(good.json().cognitoIdentityId).toBe(id);
  });

  it('deletes the account records; the next call starts a fresh profile', async () => {
    const me = await bearerFor(parts.identity);
    await call('PATCH', '/api/users/profile', me, { firstName: 'Gone' });
    expect((await call('DELETE', '/api/users/profile', me)).statusCode).toBe(204);
    expect((await call('GET', '/api/users/profile', me)).json().firstName).toBeNull();
  });
});

describe('buyer profiles', () => {
  it('saves and, repeated with the same id, updates one profile', async () => {
    const me = await bearerFor(parts.identity);
    const uid = await uidOf(me);
    const profileId = randomUUID();
    const first = await call('POST', `/api/users/${uid}/profile/${profileId}`, me, buyer);
    expect(first.statusCode).toBe(200);
    const again = await call('POST', `/api/users/${uid}/profile/${profileId}`, me, {
      ...buyer,
      address: { ...buyer.address, city: 'Dallas' },
    });
    expect(again.json()).toMatchObject({ id: profileId, userId: uid, address: { city: 'Dallas', state: 'TX' } });
  });

  it('refuses malformed fields with a message', async () => {
    const me = await bearerFor(parts.identity);
    const uid = await uidOf(me);
    const answer = await call('POST', `/api/users/${uid}/profile/${randomUUID()}`, me, {
      ...buyer,
      address: { ...buyer.address, state: 'XX' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('address.state: State must be a two-letter US state code');
    const young = await call('POST', `/api/users/${uid}/profile/${randomUUID()}`, me, { ...buyer, dateOfBirth: '2015-01-01' });
    expect(young.json().message).toBe('dateOfBirth: A buyer must be at least 18 years old');
  });

  it("never lets one user write another's buyer profile", async () => {
    const owner = await bearerFor(parts.identity);
    const intruder = await bearerFor(parts.identity);
    const ownerUid = await uidOf(owner);
    const profileId = randomUUID();
    await call('POST', `/api/users/${ownerUid}/profile/${profileId}`, owner, buyer);

    const asOwner = await call('POST', `/api/users/${ownerUid}/profile/${profileId}`, intruder, { ...buyer, legalFirstName: 'Mallory' });
    expect(asOwner.statusCode).toBe(403);
    // Under their own uid, the owner's profile id is not theirs: not found, nothing overwritten.
    const hijack = await call('POST', `/api/users/${await uidOf(intruder)}/profile/${profileId}`, intruder, {
      ...buyer,
      legalFirstName: 'Mallory',
    });
    expect(hijack.statusCode).toBe(404);
    const check = await call('POST', `/api/users/${ownerUid}/profile/${profileId}`, owner, buyer);
    expect(check.json().legalFirstName).toBe('Dana');
  });
});

describe('user types', () => {
  it('only an admin changes a user type', async () => {
    const customer = await bearerFor(parts.identity);
    const other = await bearerFor(parts.identity);
    const otherUid = await uidOf(other);
    const refused = await call('PATCH', `/api/users/${otherUid}/type`, customer, { type: 'dealer' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only an admin can change a user's type.");
    expect((await call('PATCH', `/api/users/${await uidOf(customer)}/type`, customer, { type: 'dealer' })).statusCode).toBe(403);

    const admin = await bearerFor(parts.identity, ['admin']);
    expect((await call('GET', '/api/users/profile', admin)).json().type).toBe('admin');
    const changed = await call('PATCH', `/api/users/${otherUid}/type`, admin, { type: 'dealer' });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/users/profile', other)).json().type).toBe('dealer');
    expect((await call('PATCH', `/api/users/${otherUid}/type`, admin, { type: 'boss' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/users/${randomUUID()}/type`, admin, { type: 'dealer' })).statusCode).toBe(404);
  });
});

describe('dashboard', () => {
  it('answers the three totals, all zero for a new user', async () => {
    const answer = await call('GET', '/api/dashboard', await bearerFor(parts.identity));
    expect(answer.json()).toEqual({ activeTransactions: { total: 0 }, offers: { total: 0 }, previousTransactions: { total: 0 } });
  });
});
