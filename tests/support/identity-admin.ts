/** Calls to the user pool's JSON protocol, as the admin API and the tests use it locally. */
import { randomUUID } from 'node:crypto';
import type { LocalParts } from './local-parts';

export async function cognitoCall<T = Record<string, unknown>>(parts: LocalParts, target: string, body: object): Promise<T> {
  const answer = await fetch(parts.identity.endpoint, {
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
export async function createConfirmedUser(parts: LocalParts, email = `user-${randomUUID()}@example.com`) {
  await cognitoCall(parts, 'AdminCreateUser', {
    UserPoolId: parts.identity.userPoolId,
    Username: email,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });
  await cognitoCall(parts, 'AdminSetUserPassword', {
    UserPoolId: parts.identity.userPoolId,
    Username: email,
    Password: TEST_PASSWORD,
    Permanent: true,
  });
  return { email, password: TEST_PASSWORD };
}
