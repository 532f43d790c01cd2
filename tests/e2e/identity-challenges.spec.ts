/**
 * Sign-in beyond the password: authenticator-app MFA from set-up to use, the new-password
 * challenge, the messages each mistake gets, guards, offline, social buttons and axe.
 */
import type { Page } from '@playwright/test';
import { generate as totpCode } from 'cognito-local/lib/services/totp.js';
import { cognitoCall, createConfirmedUser, TEST_PASSWORD } from '../support/identity-admin';
import { expectNoSeriousAxeViolations } from './axe';
import { storedRecords } from './device-records';
import { expect, test, readyOffline } from './fixtures';
import { enterCode, firstSignIn, poolOf, signedInUser, signInThroughForm, uniqueEmail } from './identity-helpers';

test('an authenticator app set up on /account is then required at sign-in', async ({ page, request }) => {
  test.setTimeout(60_000);
  const user = await signedInUser(page, request, '/account');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByText('Key for manual entry').locator('xpath=following-sibling::p[1]').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await enterCode(page, '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('That code is not right. Check it and try again.')).toBeVisible();
  await enterCode(page, totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('On: sign-in asks for a code from your authenticator app.')).toBeVisible();

  await page.goto('/sign-out');
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await page.goto('/sign-in');
  await signInThroughForm(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Enter your authenticator code' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Challenge response cannot be empty')).toBeVisible();
  await enterCode(page, totpCode(secret) === '123456' ? '654321' : '123456');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check it and try again.');
  await enterCode(page, totpCode(secret));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Robin' })).toBeVisible();
});

test('a user with a temporary password chooses a new one at first sign-in', async ({ page, request }) => {
  const pool = await poolOf(request);
  const email = uniqueEmail('temporary');
  await cognitoCall(pool, 'AdminCreateUser', {
    UserPoolId: pool.userPoolId,
    Username: email,
    TemporaryPassword: TEST_PASSWORD,
    MessageAction: 'SUPPRESS',
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  await page.goto('/sign-in');
  await signInThroughForm(page, email, TEST_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('weak');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Choose a password that meets every rule below')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Brand!New99');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
});

test('each mistake gets its own message', async ({ page, request }) => {
  // Empty fields.
  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email cannot be empty');
  await expect(page.getByText('Password cannot be empty')).toBeVisible();
  await expect(page.getByText('Agree to the terms to create an account')).toBeVisible();

  // A weak password: refused before it is sent, with the rule it misses.
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('weak'));
  await page.getByLabel('Password', { exact: true }).fill('alllowercase!');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Choose a password that meets every rule below')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'An uppercase letter' })).toContainText('(not met)');

  // A wrong code.
  await page.getByLabel('Password', { exact: true }).fill('Strong!Pass1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  await enterCode(page, '000000');
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check it and try again.');

  // A wrong password, worded the same as an unknown e-mail.
  const user = await createConfirmedUser(await poolOf(request), uniqueEmail('wrong'));
  await page.goto('/sign-in');
  await signInThroughForm(page, user.email, 'Wrong!pass1');
  await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');
  await signInThroughForm(page, uniqueEmail('nobody'), 'Wrong!pass1');
  await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');
});

test('a signed-out visit to /account returns there after sign-in, and a signed-in visit to /sign-up is sent on', async ({
  page,
  request,
}) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Faccount$/);
  await firstSignIn(page, request);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await page.goto('/sign-up');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/sign-up/additional-details');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('installed', () => {
  // Reloads offline: the page comes from the service worker, as in an installed app.
  test.use({ serviceWorkers: 'allow' });

  test('offline on /account the user stays signed in with the saved profile', async ({ page, context, request }) => {
    await signedInUser(page, request, '/account');
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');
    await readyOffline(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(page.getByText('You are offline. You can read your saved details; changes need a connection.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');
    await expect(page.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('(415) 555-0199');
    await expect(page).toHaveURL(/\/account$/);

    // Tokens that expired while offline cannot be refreshed: still not a sign-out.
    await expireStoredTokens(page);
    await page.reload();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');

    // Back online, the refresh token renews the session.
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByText('You are offline.')).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');
    await expect(page.getByText('Off. Add a second step')).toBeVisible();
  });
});

test('social sign-in buttons appear only with an OAuth domain, and start the code flow with PKCE and a 32-character state', async ({
  page,
}) => {
  await page.goto('/sign-in');
  for (const provider of ['Google', 'Apple', 'Facebook']) {
    await expect(page.getByRole('button', { name: `Continue with ${provider}` })).toBeVisible();
  }
  const authorizing = page.waitForRequest((request) => new URL(request.url()).pathname === '/oauth2/authorize');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const authorize = new URL((await authorizing).url());
  expect(authorize.protocol).toBe('https:');
  expect(authorize.searchParams.get('identity_provider')).toBe('Google');
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('scope')?.split(' ').sort()).toEqual(['aws.cognito.signin.user.admin', 'email', 'openid', 'profile']);
  expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9]{32}$/); // SPEC §9
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();

  await page.route('**/config.json', async (route) => {
    const config = await (await route.fetch()).json();
    delete config.auth.oauth;
    await route.fulfill({ json: config });
  });
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Continue with/ })).toHaveCount(0);
});

/** Rewrites the stored ID and access tokens as expired, so the next session check must refresh. */
async function expireStoredTokens(page: Page) {
  await page.evaluate(() => {
    const expire = (token: string) => {
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/')));
      const body = btoa(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      return `${header}.${body}.${signature}`;
    };
    for (const key of Object.keys(localStorage)) {
      if (key.endsWith('.idToken') || key.endsWith('.accessToken')) localStorage.setItem(key, expire(localStorage.getItem(key)!));
    }
  });
}

test('a session revoked elsewhere ends here at the next refresh, and the saved profile is cleared', async ({ page, request }) => {
  await signedInUser(page, request, '/account');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');
  // "Sign out of all devices" on another device revokes this device's refresh token.
  const accessToken = await page.evaluate(() =>
    localStorage.getItem(Object.keys(localStorage).find((key) => key.endsWith('.accessToken'))!),
  );
  const pool = await poolOf(request);
  await cognitoCall(pool, 'GlobalSignOut', { AccessToken: accessToken });
  await expireStoredTokens(page);
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Faccount$/);
  const savedProfiles = (await storedRecords(page, 'caramel', 'profiles')).length;
  expect(savedProfiles).toBe(0);
});

test('a session that ended in a tab closed before it could clear leaves nothing of it on the device', async ({ page, request }) => {
  await signedInUser(page, request, '/account');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Robin');
  // Amplify drops its tokens the moment a refresh is refused; the tab is gone before the app clears IndexedDB.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('CognitoIdentityServiceProvider.')) localStorage.removeItem(key);
  });
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Faccount$/);
  expect(await storedRecords(page, 'caramel', 'profiles')).toEqual([]);
});

const AUTH_SCREENS = [
  '/sign-in',
  '/sign-up',
  '/sign-up/terms-of-use',
  '/auth/forgot-password',
  '/auth/email-check?email=a%40example.com',
  '/auth/email-verification?email=a%40example.com',
  '/auth/reset-password?email=a%40example.com',
  '/sign-out',
];

for (const path of AUTH_SCREENS)
  test(`${path} has no serious or critical axe violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page, path);
  });

test('signed-in account screens have no serious or critical axe violation', async ({ page, request }) => {
  await signedInUser(page, request, '/account');
  for (const path of ['/account', '/auth/change-password', '/link-account', '/auth/phone-verification']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousAxeViolations(page, path);
  }
});
