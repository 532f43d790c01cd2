/**
 * What identity tests share: the local pool's address from /config.json, codes read from the
 * development mailbox (only ones sent after a given moment), and a signed-in user with details.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { cognitoCall, createConfirmedUser, TEST_PASSWORD, type PoolAddress } from '../support/identity-admin';
import { expect } from './fixtures';

export async function poolOf(request: APIRequestContext): Promise<PoolAddress> {
  const config = await (await request.get('/config.json')).json();
  return { endpoint: config.auth.userPoolEndpoint, userPoolId: config.auth.userPoolId };
}

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** The newest code sent to `to` after `since` (an ISO time), waiting for it to arrive. */
export async function codeSentTo(request: APIRequestContext, to: string, since: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/mailbox/latest?to=${encodeURIComponent(to)}`);
      if (!answer.ok()) return false;
      const message = await answer.json();
      code = message.code ?? '';
      return message.sentAt > since && /^\d{6}$/.test(code);
    })
    .toBe(true);
  return code;
}

export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').fill(code);
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Fills the sign-up details form, which a first sign-in shows; the phone is verified later. */
export async function submitDetails(page: Page, details: { firstName: string; lastName: string; mobile: string }) {
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill(details.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(details.lastName);
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(details.mobile);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * A new confirmed user (admin API) signs in on the sign-in page already open and gives the
 * details a first sign-in asks for, skipping the phone check.
 */
export async function firstSignIn(page: Page, request: APIRequestContext) {
  const user = await createConfirmedUser(await poolOf(request), uniqueEmail('user'));
  await signInThroughForm(page, user.email, user.password);
  await submitDetails(page, { firstName: 'Robin', lastName: 'Okafor', mobile: '4155550199' });
  await expect(page.getByRole('heading', { name: 'Verify your mobile' })).toBeVisible();
  await page.getByRole('link', { name: 'Skip for now' }).click();
  return user;
}

/**
 * Signs `user` in on `page`'s browser as a sign-in through the form leaves them — the user pool's
 * tokens where Amplify keeps them (`CognitoIdentityServiceProvider.<client>.…`), the sign-up details
 * saved through the API — without walking the form, which its own tests walk (auth-guard,
 * identity-journey): a test starts from the state it tests. Answers the user's ID token.
 */
export async function signInByToken(
  page: Page,
  request: APIRequestContext,
  user: { email: string; password: string },
  details: { firstName: string; lastName: string; mobile: string },
): Promise<string> {
  const config = await (await request.get('/config.json')).json();
  const clientId = config.auth.userPoolClientId as string;
  const { AuthenticationResult: tokens } = await cognitoCall<{
    AuthenticationResult: { IdToken: string; AccessToken: string; RefreshToken: string };
  }>(await poolOf(request), 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  const saved = await request.patch('/api/users/profile', {
    headers: { authorization: `Bearer ${tokens.IdToken}` },
    data: { firstName: details.firstName, lastName: details.lastName, mobile: `+1${details.mobile}` },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const username = (JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1]!, 'base64url').toString()) as { username: string }).username;
  // A page of the app's origin that runs none of the app, to write its storage before the app starts.
  await page.goto('/robots.txt');
  await page.evaluate(
    ({ prefix, username, tokens }) => {
      localStorage.setItem(`${prefix}.LastAuthUser`, username);
      localStorage.setItem(`${prefix}.${username}.idToken`, tokens.IdToken);
      localStorage.setItem(`${prefix}.${username}.accessToken`, tokens.AccessToken);
      localStorage.setItem(`${prefix}.${username}.refreshToken`, tokens.RefreshToken);
      localStorage.setItem(`${prefix}.${username}.clockDrift`, '0');
    },
    { prefix: `CognitoIdentityServiceProvider.${clientId}`, username, tokens },
  );
  return tokens.IdToken;
}

/** A confirmed user signed in with their details saved (by token: signing in has its own tests), on `returnTo`. */
export async function signedInUser(page: Page, request: APIRequestContext, returnTo = '/dashboard') {
  const user = await createConfirmedUser(await poolOf(request), uniqueEmail('user'));
  await signInByToken(page, request, user, { firstName: 'Robin', lastName: 'Okafor', mobile: '4155550199' });
  await page.goto(returnTo);
  await expect(page).toHaveURL(new RegExp(`${returnTo}$`));
  return user;
}

/**
 * The admin every worker shares (made by global-setup.ts: only there is the pool's admin group
 * written, since cognito-local can lose one of two group writes made at once) signed in on
 * `returnTo`, whose `heading` shows. Whichever test signs in first gives the details a first
 * sign-in asks for; the others go straight there.
 */
export async function sharedAdminSignedIn(page: Page, returnTo: string, heading: string) {
  await page.goto(`/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
  await signInThroughForm(page, process.env.E2E_ADMIN_EMAIL!, TEST_PASSWORD);
  const details = page.getByRole('heading', { name: 'Tell us about you' });
  const skip = page.getByRole('link', { name: 'Skip for now' });
  const landed = page.getByRole('heading', { name: heading, level: 1 });
  await expect(details.or(skip).or(landed).first()).toBeVisible();
  if (await details.isVisible()) {
    await submitDetails(page, { firstName: 'Ada', lastName: 'Admin', mobile: '4155550111' });
    await expect(details).toBeHidden();
  }
  // The mobile check a first sign-in offers next is optional: go straight on rather than race its link.
  if (!(await landed.isVisible())) await page.goto(returnTo);
  await expect(landed).toBeVisible();
}
