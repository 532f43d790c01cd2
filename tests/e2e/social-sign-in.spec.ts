/**
 * Google, Apple and Facebook through the stack's hosted sign-in, in Chromium: a sign-up that
 * returns where it began, by way of the details; sign-out that ends the hosted session too; a
 * password account that gets Apple linked once its password is proved (and loses it again from
 * the account page); a cancel at Facebook; a sign-in left at a provider's page that does not
 * block the next; a tampered state refused.
 */
import type { Page } from '@playwright/test';
import { createConfirmedUser } from '../support/identity-admin';
import { expect, test } from './fixtures';
import { poolOf, submitDetails, uniqueEmail } from './identity-helpers';

/** The hosted sign-in's pages live on its own HTTPS origin. */
const HOSTED = /^https:\/\/127\.0\.0\.1:\d+\//;

async function continueWith(page: Page, provider: 'Google' | 'Apple' | 'Facebook') {
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  await expect(page).toHaveURL(HOSTED);
  await expect(page.getByRole('heading', { name: `Sign in with ${provider}` })).toBeVisible();
}

async function typeAccount(page: Page, account: { email: string; givenName?: string }) {
  const form = page.getByRole('form', { name: 'Use another account' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
  if (account.givenName) await form.getByRole('textbox', { name: 'First name (optional)' }).fill(account.givenName);
  await form.getByRole('button', { name: 'Continue' }).click();
}

test('sign up with Google, give the details, sign out, and Google signs in to the same account again', async ({ page }) => {
  const email = uniqueEmail('google');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Faccount$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up\?returnTo=%2Faccount$/);
  await continueWith(page, 'Google');
  const exchanging = page.waitForRequest((request) => new URL(request.url()).pathname === '/oauth2/token');
  await typeAccount(page, { email, givenName: 'Robin' });
  // The code goes back form-encoded with the PKCE verifier, 128 characters (SPEC §7, §9).
  const exchange = new URLSearchParams((await exchanging).postData() ?? '');
  expect(exchange.get('grant_type')).toBe('authorization_code');
  expect(exchange.get('code_verifier')).toMatch(/^[A-Za-z0-9]{128}$/);

  // The provider gave a first name but no last name or mobile: the details follow, started with what it gave.
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');
  await submitDetails(page, { firstName: 'Robin', lastName: 'Okafor', mobile: '4155550123' });
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const methods = page.getByRole('list', { name: 'Ways to sign in' });
  await expect(methods).toContainText('Your account was made with Google');
  await expect(methods).not.toContainText('E-mail and password');
  await expect(page.getByRole('link', { name: 'Change password' })).toHaveCount(0);

  // Signing out ends the hosted session too: the browser goes by its logout page and back.
  const logout = page.waitForRequest((request) => new URL(request.url()).pathname === '/logout');
  await page.goto('/sign-out');
  const logoutUrl = new URL((await logout).url());
  expect(logoutUrl.searchParams.get('client_id')).toBe((await (await page.request.get('/config.json')).json()).auth.userPoolClientId);
  expect(logoutUrl.searchParams.get('logout_uri')).toMatch(/\/sign-out$/);
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();

  // Without a hosted session Google asks again; it remembers the account this browser used.
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await continueWith(page, 'Google');
  await page.getByRole('button', { name: new RegExp(email) }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/account');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Okafor');
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('(415) 555-0123');
});

test('Apple for an e-mail that has a password account is linked to it once the password is proved, and can be removed', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(await poolOf(request), uniqueEmail('apple'));
  await page.goto('/sign-in');
  await continueWith(page, 'Apple');
  await typeAccount(page, { email: user.email });

  await expect(page.getByRole('heading', { name: 'You already have an account' })).toBeVisible();
  await page.getByLabel('Password').fill('Not-the-password1!');
  await page.getByRole('button', { name: 'Link and continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is not right.');
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Link and continue' }).click();

  // The password account's first sign-in: its details are owed, whichever way the user came.
  await submitDetails(page, { firstName: 'Alex', lastName: 'Moreno', mobile: '4155550124' });
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await page.goto('/account');
  const methods = page.getByRole('list', { name: 'Ways to sign in' });
  await expect(methods).toContainText('E-mail and password');
  await methods.getByRole('button', { name: 'Remove Apple' }).click();
  await expect(page.getByText('Apple no longer signs you in.')).toBeVisible();
  await expect(methods).not.toContainText('Apple');
  await expect(methods).toContainText('E-mail and password');
});

test('cancel at Facebook: back on /sign-in, told so (and the session check logs No current user.)', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await page.goto('/sign-in');
  await continueWith(page, 'Facebook');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toHaveText('You cancelled signing in with Facebook. Choose another way to sign in, or try again.');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // SPEC §8: a failed session check is logged and the visitor counts as signed out.
  expect(logged.some((text) => text.startsWith('Session check failed') && text.includes('No current user.'))).toBe(true);
});

test('a sign-in left at the provider’s page does not stand in the way of the next one', async ({ page }) => {
  await page.goto('/sign-in');
  await continueWith(page, 'Apple');
  // Back to the app by its address (or a new tab): Amplify still marks the Apple sign-in as under way.
  await page.goto('/sign-in?returnTo=%2Faccount');
  await continueWith(page, 'Google');
  await typeAccount(page, { email: uniqueEmail('abandoned') });
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await submitDetails(page, { firstName: 'Sam', lastName: 'Lee', mobile: '4155550125' });
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('a tampered OAuth state is refused', async ({ page }) => {
  // Someone else's authorize link: the state that comes back is not the one this browser sent.
  await page.route(
    (url) => url.pathname === '/oauth2/authorize' && !url.searchParams.has('tampered'),
    async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('state', 'A'.repeat(32));
      url.searchParams.set('tampered', '1');
      await route.fulfill({ status: 302, headers: { location: url.href } });
    },
  );
  await page.goto('/sign-in');
  await continueWith(page, 'Google');
  await typeAccount(page, { email: uniqueEmail('tampered') });
  await expect(page.getByRole('alert')).toHaveText('Invalid state in OAuth flow');
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fdashboard$/);
});
