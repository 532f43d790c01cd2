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

/**
 * Puts `username` in the pool group `group` (made if missing): the `admin` group is how the API
 * knows an admin. cognito-local writes a group's members without a lock, so two tests adding
 * people at once can lose one: added again until the pool lists it.
 */
export async function addToGroup(pool: PoolAddress, username: string, group: string) {
  await cognitoCall(pool, 'CreateGroup', { UserPoolId: pool.userPoolId, GroupName: group }).catch((error: Error) => {
    if (error.name !== 'GroupExistsException') throw error;
  });
  // cognito-local lists a user's groups by the pool's own username (the sub), not an e-mail alias.
  const { Username } = await cognitoCall<{ Username: string }>(pool, 'AdminGetUser', { UserPoolId: pool.userPoolId, Username: username });
  const member = { UserPoolId: pool.userPoolId, Username };
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await cognitoCall(pool, 'AdminAddUserToGroup', { ...member, GroupName: group });
    const { Groups } = await cognitoCall<{ Groups: { GroupName: string }[] }>(pool, 'AdminListGroupsForUser', member);
    if (Groups.some((listed) => listed.GroupName === group)) return;
  }
  throw new Error(`${username} could not be added to ${group}`);
}
