/** The local user pool answers what cognito-local alone does not: refresh, global sign-out, password policy. */
import { describe, expect, inject, it } from 'vitest';
import { latestMessageFor } from '../../server/stack/mailbox';
import { cognitoCall, createConfirmedUser } from '../support/identity-admin';

const parts = inject('parts');
type Auth = { AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken?: string } };

async function passwordSignIn(email: string, password: string) {
  return cognitoCall<Auth>(parts.identity, 'InitiateAuth', {
    ClientId: parts.identity.userPoolClientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
}

function refresh(refreshToken: string) {
  return cognitoCall<Auth>(parts.identity, 'GetTokensFromRefreshToken', {
    ClientId: parts.identity.userPoolClientId,
    RefreshToken: refreshToken,
  });
}

describe('local identity sandbox', () => {
  it('refreshes tokens with GetTokensFromRefreshToken', async () => {
    const user = await createConfirmedUser(parts.identity);
    const signedIn = await passwordSignIn(user.email, user.password);
    const refreshed = await refresh(signedIn.AuthenticationResult.RefreshToken!);
    expect(refreshed.AuthenticationResult.IdToken).toMatch(/^ey/);
    expect(refreshed.AuthenticationResult.AccessToken).toMatch(/^ey/);
  });

  it('revokes every refresh token on GlobalSignOut', async () => {
    const user = await createConfirmedUser(parts.identity);
    const first = await passwordSignIn(user.email, user.password);
    const second = await passwordSignIn(user.email, user.password);
    await cognitoCall(parts.identity, 'GlobalSignOut', { AccessToken: first.AuthenticationResult.AccessToken });
    for (const session of [first, second]) {
      await expect(refresh(session.AuthenticationResult.RefreshToken!)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    }
  });

  it('enforces the SPEC §5 password policy like Amazon Cognito', async () => {
    const signUp = (Password: string) =>
      cognitoCall(parts.identity, 'SignUp', {
        ClientId: parts.identity.userPoolClientId,
        Username: `weak-${Date.now()}@example.com`,
        Password,
      });
    await expect(signUp('Sh0rt!')).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: expect.stringMatching(/long enough/),
    });
    await expect(signUp('alllowercase!')).rejects.toMatchObject({ message: expect.stringMatching(/uppercase/) });
    await expect(signUp('ALLUPPERCASE!')).rejects.toMatchObject({ message: expect.stringMatching(/lowercase/) });
    await expect(signUp('NoSymbolsHere1')).rejects.toMatchObject({ message: expect.stringMatching(/symbol/) });
  });

  it('drops the sign-up code in the development mailbox', async () => {
    const email = `mailbox-${Date.now()}@example.com`;
    await cognitoCall(parts.identity, 'SignUp', { ClientId: parts.identity.userPoolClientId, Username: email, Password: 'Good!Pass1' });
    const message = latestMessageFor(parts.mailboxFile, email);
    expect(message).toMatchObject({ channel: 'email', to: email });
    expect(message?.code).toMatch(/^\d{6}$/);
    await cognitoCall(parts.identity, 'ConfirmSignUp', {
      ClientId: parts.identity.userPoolClientId,
      Username: email,
      ConfirmationCode: message!.code,
    });
    await expect(passwordSignIn(email, 'Good!Pass1')).resolves.toHaveProperty('AuthenticationResult.IdToken');
  });
});
