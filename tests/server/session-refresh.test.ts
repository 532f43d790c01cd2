/**
 * A session survives ID/access-token expiry: Amplify refreshes through
 * GetTokensFromRefreshToken against the local pool, and the API takes the new token.
 */
import { Amplify } from 'aws-amplify';
import { decodeJWT, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, expect, inject, it } from 'vitest';
import { apiFor } from '../support/api-harness';
import { cognitoCall, createConfirmedUser } from '../support/identity-admin';

const parts = inject('parts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let api: Awaited<ReturnType<typeof apiFor>> | undefined;

afterAll(async () => {
  await signOut();
  await api?.close();
});

it('refreshes expired tokens through Amplify and the API accepts the new ID token', async () => {
  // An app client whose tokens last 8 seconds, so expiry comes within the test.
  const { UserPoolClient } = await cognitoCall<{ UserPoolClient: { ClientId: string } }>(parts.identity, 'CreateUserPoolClient', {
    UserPoolId: parts.identity.userPoolId,
    ClientName: 'short-lived',
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    AccessTokenValidity: 8,
    IdTokenValidity: 8,
    TokenValidityUnits: { AccessToken: 'seconds', IdToken: 'seconds' },
  });
  api = await apiFor(parts, { AUTH_USER_POOL_CLIENT_ID: UserPoolClient.ClientId });
  const user = await createConfirmedUser(parts.identity);
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: parts.identity.userPoolId,
        userPoolClientId: UserPoolClient.ClientId,
        userPoolEndpoint: parts.identity.endpoint,
      },
    },
  });
  await signIn({ username: user.email, password: user.password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
  const first = (await fetchAuthSession()).tokens!.idToken!;

  await sleep(4_000); // Amplify refreshes 5 s before expiry: the 8-second token is now due.
  const second = (await fetchAuthSession()).tokens!.idToken!;

  expect(second.toString()).not.toBe(first.toString());
  expect(decodeJWT(second.toString()).payload.exp!).toBeGreaterThan(first.payload.exp!);
  const answer = await api.app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${second.toString()}` } });
  expect(answer.statusCode).toBe(200);
  expect(answer.json().email).toBe(user.email);
});
