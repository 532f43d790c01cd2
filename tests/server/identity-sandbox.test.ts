/** The local user pool answers what cognito-local alone does not: refresh, global sign-out, password policy, SMS. */
import { decodeJwt } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { latestMessageFor } from '../../server/providers/dev-mailbox';
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

  it('verifies the e-mail on sign-up confirmation and keeps the original address until a new one is confirmed, as Cognito does', async () => {
    const original = `change-${Date.now()}@example.com`;
    const changed = `changed-${Date.now()}@example.com`;
    const password = 'Good!Pass1';
    const claims = async (email: string) => decodeJwt((await passwordSignIn(email, password)).AuthenticationResult.IdToken);
    await cognitoCall(parts.identity, 'SignUp', { ClientId: parts.identity.userPoolClientId, Username: original, Password: password });
    await cognitoCall(parts.identity, 'ConfirmSignUp', {
      ClientId: parts.identity.userPoolClientId,
      Username: original,
      ConfirmationCode: latestMessageFor(parts.mailboxFile, original)!.code,
    });
    expect(await claims(original)).toMatchObject({ email: original, email_verified: true });

    const { AccessToken } = (await passwordSignIn(original, password)).AuthenticationResult;
    const update = await cognitoCall<{ CodeDeliveryDetailsList: { Destination: string }[] }>(parts.identity, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'email', Value: changed }],
    });
    expect(update.CodeDeliveryDetailsList).toEqual([{ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: changed }]);
    // Until the code is confirmed the original address stays the one in use (and the one to sign in with), no longer counted as verified.
    expect(await claims(original)).toMatchObject({ email: original, email_verified: false });
    await expect(passwordSignIn(changed, password)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const attributes = async () =>
      (await cognitoCall<{ UserAttributes: { Name: string; Value: string }[] }>(parts.identity, 'GetUser', { AccessToken })).UserAttributes;
    expect(await attributes()).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: original },
        { Name: 'email_verified', Value: 'false' },
      ]),
    );

    await cognitoCall(parts.identity, 'VerifyUserAttribute', {
      AccessToken,
      AttributeName: 'email',
      Code: latestMessageFor(parts.mailboxFile, changed)!.code,
    });
    expect(await claims(changed)).toMatchObject({ email: changed, email_verified: true });
  });

  it('texts phone verification codes to the phone and sends SMS MFA codes once SMS MFA is on', async () => {
    const user = await createConfirmedUser(parts.identity);
    const phone = `+1415555${String(Date.now()).slice(-4)}`;
    const { AccessToken } = (await passwordSignIn(user.email, user.password)).AuthenticationResult;
    await expect(
      cognitoCall(parts.identity, 'SetUserMFAPreference', { AccessToken, SMSMfaSettings: { Enabled: true } }),
    ).rejects.toMatchObject({ message: 'User does not have a verified phone number' });

    const update = await cognitoCall(parts.identity, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'phone_number', Value: phone }],
    });
    expect(update).toMatchObject({ CodeDeliveryDetailsList: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] });
    const text = latestMessageFor(parts.mailboxFile, phone);
    expect(text).toMatchObject({ channel: 'sms' });
    await expect(
      cognitoCall(parts.identity, 'VerifyUserAttribute', { AccessToken, AttributeName: 'phone_number', Code: '000000' }),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await cognitoCall(parts.identity, 'VerifyUserAttribute', { AccessToken, AttributeName: 'phone_number', Code: text!.code });

    await cognitoCall(parts.identity, 'SetUserMFAPreference', { AccessToken, SMSMfaSettings: { Enabled: true, PreferredMfa: true } });
    const challenge = await cognitoCall<{ ChallengeName: string; Session: string }>(parts.identity, 'InitiateAuth', {
      ClientId: parts.identity.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    });
    expect(challenge.ChallengeName).toBe('SMS_MFA');
    const mfaText = latestMessageFor(parts.mailboxFile, phone);
    expect(mfaText?.code).toMatch(/^\d{6}$/);
    const done = await cognitoCall<Auth>(parts.identity, 'RespondToAuthChallenge', {
      ClientId: parts.identity.userPoolClientId,
      ChallengeName: 'SMS_MFA',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: user.email, SMS_MFA_CODE: mfaText!.code },
    });
    expect(done.AuthenticationResult.IdToken).toBeTruthy();
  });
});
