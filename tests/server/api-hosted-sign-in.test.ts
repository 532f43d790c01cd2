/**
 * The local hosted sign-in against the API: its tokens are the pool's own, so the API takes
 * them exactly as a password sign-in's (the same account, once a provider is linked to it) and
 * refuses one made for another app client; the hosted-UI endpoints hold to the protocol; and a
 * user's sign-in methods can be listed and a linked provider removed while another way remains.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiFor } from '../support/api-harness';
import { cognitoCall, createConfirmedUser } from '../support/identity-admin';
import { hostedSignInWalker, signInThroughProvider } from '../support/hosted-sign-in';

const parts = inject('parts');
const clientId = parts.identity.userPoolClientId;
const redirectUri = `${parts.appOrigin}/sign-in`;
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(() => api.close());

const unique = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const bearer = (token: string) => `Bearer ${token}`;

async function passwordIdToken(user: { email: string; password: string }): Promise<string> {
  const auth = await cognitoCall<{ AuthenticationResult: { IdToken: string } }>(parts.identity, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  return auth.AuthenticationResult.IdToken;
}

/** Apple for an e-mail that has a password account: the link page, then the password. */
async function linkApple(user: { email: string; password: string }) {
  const walker = hostedSignInWalker(parts.identity);
  const { verifier, answer } = await walker.authorize({ clientId, redirectUri, provider: 'SignInWithApple' });
  const linkPage = await walker.approve(answer.location!, { email: user.email });
  expect(linkPage.body).toContain('You already have an account');
  const wrong = await walker.send('POST', '/link', { flow: walker.flowOf(linkPage.body), password: 'Not-the-password1!' });
  expect(wrong.status).toBe(400);
  expect(wrong.body).toContain('That password is not right.');
  const back = await walker.send('POST', '/link', { flow: walker.flowOf(linkPage.body), password: user.password });
  return walker.exchange(clientId, redirectUri, back.location!, verifier);
}

describe('tokens from the hosted sign-in', () => {
  it('are taken by the API exactly as a password sign-in’s: once Apple is linked, both reach the same account', async () => {
    const user = await createConfirmedUser(parts.identity, unique('linked'));
    const byPassword = await api.call('GET', '/api/users/profile', bearer(await passwordIdToken(user)));
    expect(byPassword.statusCode).toBe(200);

    const tokens = await linkApple(user);
    const claims = decodeJwt(tokens.id_token);
    expect(claims).toMatchObject({ iss: `${parts.identity.endpoint}/${parts.identity.userPoolId}`, aud: clientId, token_use: 'id' });
    expect(claims.identities).toEqual([expect.objectContaining({ providerName: 'SignInWithApple', primary: 'false' })]);
    const byApple = await api.call('GET', '/api/users/profile', bearer(tokens.id_token));
    expect(byApple.statusCode).toBe(200);
    expect(byApple.json()).toEqual(byPassword.json());
  });

  it('make a new account for a first sign-in, in the provider’s pool group, with the name the provider gave', async () => {
    const email = unique('google');
    const tokens = await signInThroughProvider(parts.identity, { clientId, redirectUri, provider: 'Google', email, givenName: 'Robin' });
    const claims = decodeJwt(tokens.id_token);
    expect(claims['cognito:groups']).toEqual([`${parts.identity.userPoolId}_Google`]);
    expect(claims).toMatchObject({ email, email_verified: true, given_name: 'Robin' });
    const profile = await api.call('GET', '/api/users/profile', bearer(tokens.id_token));
    expect(profile.json()).toMatchObject({ email, firstName: 'Robin', isAdditionalDetailsSubmitted: false });
  });

  it('are refused when made for another app client of the same pool', async () => {
    const { UserPoolClient } = await cognitoCall<{ UserPoolClient: { ClientId: string } }>(parts.identity, 'CreateUserPoolClient', {
      UserPoolId: parts.identity.userPoolId,
      ClientName: 'another-app',
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['email', 'openid'],
      SupportedIdentityProviders: ['Google'],
      CallbackURLs: ['http://127.0.0.1:9/callback'],
    });
    const tokens = await signInThroughProvider(parts.identity, {
      clientId: UserPoolClient.ClientId,
      redirectUri: 'http://127.0.0.1:9/callback',
      provider: 'Google',
      email: unique('other-app'),
      scope: 'email openid',
    });
    expect(decodeJwt(tokens.id_token).aud).toBe(UserPoolClient.ClientId);
    const answer = await api.call('GET', '/api/users/profile', bearer(tokens.id_token));
    expect(answer.statusCode).toBe(401);
  });
});

describe('the hosted-UI endpoints', () => {
  it('refuse a wrong PKCE verifier and a code used twice, and answer refresh and userInfo', async () => {
    const walker = hostedSignInWalker(parts.identity);
    const { verifier, answer } = await walker.authorize({ clientId, redirectUri, provider: 'Facebook' });
    const back = await walker.approve(answer.location!, { email: unique('facebook') });
    const code = new URL(back.location!).searchParams.get('code')!;
    const exchange = (code_verifier: string) =>
      walker.send('POST', '/oauth2/token', {
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: redirectUri,
        code_verifier,
      });
    expect(JSON.parse((await exchange(`${verifier.slice(1)}x`)).body).error).toBe('invalid_grant');
    // The wrong try spent the code, as Cognito's single-use codes are.
    expect((await exchange(verifier)).status).toBe(400);

    const tokens = await signInThroughProvider(parts.identity, { clientId, redirectUri, provider: 'Facebook', email: unique('refresh') });
    const refreshed = await walker.send('POST', '/oauth2/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: clientId,
    });
    expect(decodeJwt(JSON.parse(refreshed.body).id_token).sub).toBe(decodeJwt(tokens.id_token).sub);
    const info = await walker.send('GET', '/oauth2/userInfo', undefined, { authorization: bearer(tokens.access_token) });
    expect(JSON.parse(info.body)).toMatchObject({ sub: decodeJwt(tokens.id_token).sub, email_verified: 'true' });
    expect((await walker.send('GET', '/oauth2/userInfo', undefined, { authorization: bearer(tokens.id_token) })).status).toBe(401);
  });

  it('send back only to registered addresses, ask for PKCE, and end the hosted session at /logout', async () => {
    const walker = hostedSignInWalker(parts.identity);
    const foreign = await walker.authorize({ clientId, redirectUri: 'https://evil.example/cb', provider: 'Google' });
    expect(foreign.answer.status).toBe(400);
    const noPkce = await walker.send(
      'GET',
      `/oauth2/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', identity_provider: 'Google', scope: 'openid', state: 's' })}`,
    );
    expect(new URL(noPkce.location!).searchParams.get('error')).toBe('invalid_request');

    const email = unique('session');
    const first = await walker.authorize({ clientId, redirectUri, provider: 'Google' });
    await walker.approve(first.answer.location!, { email });
    expect(walker.hasSession()).toBe(true);
    // Signed in here already: the provider asks nothing again.
    const again = await walker.authorize({ clientId, redirectUri, provider: 'Google' });
    expect(again.answer.location).toMatch(new RegExp(`^${redirectUri}\\?code=`));

    const logoutUri = `${parts.appOrigin}/sign-out`;
    expect(
      (await walker.send('GET', `/logout?client_id=${clientId}&logout_uri=${encodeURIComponent('https://evil.example/')}`)).status,
    ).toBe(400);
    const out = await walker.send('GET', `/logout?client_id=${clientId}&logout_uri=${encodeURIComponent(logoutUri)}`);
    expect(out.location).toBe(logoutUri);
    expect(walker.hasSession()).toBe(false);
    const afterLogout = await walker.authorize({ clientId, redirectUri, provider: 'Google' });
    expect(afterLogout.answer.location).toMatch(/^\/providers\/google\?flow=/);
  });

  it('never merge on an e-mail the provider did not verify', async () => {
    // The sandbox's magic value: an address starting with "unverified" comes back unverified by the provider.
    const owner = await createConfirmedUser(parts.identity, unique('unverified'));
    const walker = hostedSignInWalker(parts.identity);
    const { answer } = await walker.authorize({ clientId, redirectUri, provider: 'Facebook' });
    const back = await walker.approve(answer.location!, { email: owner.email });
    const returned = new URL(back.location!);
    expect(returned.searchParams.get('error')).toBe('access_denied');
    expect(returned.searchParams.get('error_description')).toMatch(/did not verify this e-mail address/);
    const methods = await api.call('GET', '/api/users/sign-in-methods', bearer(await passwordIdToken(owner)));
    expect(methods.json()).toEqual({ password: true, providers: [] });
  });
});

describe('sign-in methods', () => {
  it('list the password and linked providers, and remove a linked one while the password remains', async () => {
    const user = await createConfirmedUser(parts.identity, unique('methods'));
    const tokens = await linkApple(user);
    const listed = await api.call('GET', '/api/users/sign-in-methods', bearer(tokens.id_token));
    expect(listed.json()).toEqual({ password: true, providers: [{ provider: 'Apple', removable: true }] });

    const removed = await api.call('DELETE', '/api/users/sign-in-methods/Apple', bearer(tokens.id_token));
    expect(removed.json()).toEqual({ password: true, providers: [] });
    expect((await api.call('DELETE', '/api/users/sign-in-methods/Apple', bearer(tokens.id_token))).statusCode).toBe(404);
    expect((await api.call('DELETE', '/api/users/sign-in-methods/Myspace', bearer(tokens.id_token))).statusCode).toBe(400);
  });

  it('keep the provider an account was made with: it is the only way in', async () => {
    const tokens = await signInThroughProvider(parts.identity, { clientId, redirectUri, provider: 'Google', email: unique('only-google') });
    const listed = await api.call('GET', '/api/users/sign-in-methods', bearer(tokens.id_token));
    expect(listed.json()).toEqual({ password: false, providers: [{ provider: 'Google', removable: false }] });
    const refused = await api.call('DELETE', '/api/users/sign-in-methods/Google', bearer(tokens.id_token));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/no other way to sign in/);
  });
});
