/** Calls to the user pool's JSON protocol, as the admin API and the tests use it locally. */
import { randomUUID } from 'node:crypto';

export interface PoolAddress {
  endpoint: string;
  userPoolId: string;
}

export async function cognitoCall<T = Record<string, unknown>>(
  pool: Pick<PoolAddress, 'endpoint'>,
  target: string,
  body: object,
): Promise<T> {
  const answer = await fetch(pool.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  const payload = (await answer.json()) as T & { __type?: string; message?: string };
  if (!answer.ok) throw Object.assign(new Error(payload.message ?? target), { name: payload.__type ?? 'Error' });
  return payload;
}

export const TEST_PASSWORD = 'Caramel!2026';

/** A confirmed user with a permanent password, made through AdminCreateUser + AdminSetUserPassword. */
export async function createConfirmedUser(pool: PoolAddress, email = `user-${randomUUID()}@example.com`) {
  await cognitoCall(pool, 'AdminCreateUser', {
    UserPoolId: pool.userPoolId,
    Username: email,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });
  await cognitoCall(pool, 'AdminSetUserPassword', {
    UserPoolId: pool.userPoolId,
    Username: email,
    Password: TEST_PASSWORD,
    Permanent: true,
  });
  return { email, password: TEST_PASSWORD };
}

/** Puts `username` in the pool group `group` (made if missing): the `admin` group is how the API knows an admin. */
export async function addToGroup(pool: PoolAddress, username: string, group: string) {
  await cognitoCall(pool, 'CreateGroup', { UserPoolId: pool.userPoolId, GroupName: group }).catch((error: Error) => {
    if (error.name !== 'GroupExistsException') throw error;
  });
  await cognitoCall(pool, 'AdminAddUserToGroup', { UserPoolId: pool.userPoolId, Username: username, GroupName: group });
}
