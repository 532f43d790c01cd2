/**
 * SPEC §8 identity messages that only a screen shows, each where a user meets it. Faults the
 * local pool never makes by itself (a failing pre-sign-up check, a pool error, a logout page that
 * does not open) are answered for it at the network, as the real service would answer them.
 */
import type { Page } from '@playwright/test';
import { createConfirmedUser } from '../support/identity-admin';
import { expect, test } from './fixtures';
import { poolOf, signInThroughForm, uniqueEmail } from './identity-helpers';

/** Answers the pool's `target` call with a Cognito error; every other call goes through. */
async function poolRefuses(page: Page, endpoint: string, target: string, status: number, type: string) {
  await page.route(
    (url) => url.origin === new URL(endpoint).origin,
    async (route) => {
      if (route.request().headers()['x-amz-target'] !== `AWSCognitoIdentityProviderService.${target}`) return route.fallback();
      await route.fulfill({ status, contentType: 'application/x-amz-json-1.1', json: { __type: type, message: `${type} from the pool` } });
    },
  );
}

test('a sign-up or sign-in the pool refuses without a reason of its own: Error creating account, Authentication Error', async ({
  page,
  request,
}) => {
  const pool = await poolOf(request);
  await poolRefuses(page, pool.endpoint, 'SignUp', 400, 'UnexpectedLambdaException');
  await poolRefuses(page, pool.endpoint, 'InitiateAuth', 500, 'InternalErrorException');
  await page.goto('/sign-up');
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('refused'));
  await page.getByLabel('Password', { exact: true }).fill('Caramel!2026');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error creating account');

  await page.goto('/sign-in');
  await signInThroughForm(page, uniqueEmail('refused'), 'Caramel!2026');
  await expect(page.getByRole('alert')).toHaveText('Authentication Error');
});

test('empty fields and a lost connection: Confirmation code, Phone number, Network Error', async ({ page, context, request }) => {
  await page.goto(`/auth/email-verification?email=${encodeURIComponent(uniqueEmail('code'))}`);
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(page.getByText('Confirmation code cannot be empty')).toBeVisible();

  const user = await createConfirmedUser(await poolOf(request), uniqueEmail('details'));
  await page.goto('/sign-in');
  await signInThroughForm(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Robin');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Okafor');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Phone number cannot be empty')).toBeVisible();

  await page.goto('/sign-out');
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await page.goto('/sign-in');
  // The form is up (the page has its configuration) before the connection goes: what is tested is the sign-in without one.
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await context.setOffline(true);
  await signInThroughForm(page, user.email, user.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Network Error' })).toHaveText(
    'Network Error. Check your connection and try again.',
  );
});

test('the automatic sign-in after a sign-up is gone: Please use your credentials to sign in', async ({ page }) => {
  // The page that waits for the e-mail link, opened again (a reload ends Amplify's automatic sign-in).
  const email = uniqueEmail('auto');
  await page.goto(`/auth/email-check?purpose=sign-up&email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('status').filter({ hasText: 'Please use your credentials to sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'I opened the link — sign in' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
});

test('a hosted sign-out whose logout page does not open: Signout timeout fail, and a way to finish it', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const form = page.getByRole('form', { name: 'Use another account' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(uniqueEmail('stuck'));
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();

  // A logout answer that leaves the browser where it is (204 No Content opens no page).
  await page.route(
    (url) => url.pathname === '/logout',
    (route) => route.fulfill({ status: 204 }),
  );
  await page.goto('/sign-out');
  await expect(page.getByRole('heading', { name: 'Sign-out did not finish' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Signout timeout fail');
  await page.unrouteAll();
  await page.getByRole('link', { name: 'Finish signing out' }).click();
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-out$/);
});

test('a /config.json that names the pool badly: Invalid UserPoolId format., Both UserPoolId and ClientId are required.', async ({
  page,
}) => {
  let change: (auth: Record<string, unknown>) => void = () => {};
  await page.route('**/config.json', async (route) => {
    const config = await (await route.fetch()).json();
    change(config.auth);
    await route.fulfill({ json: config });
  });
  change = (auth) => (auth.userPoolId = 'not-a-pool');
  await page.goto('/sign-in');
  await expect(page.getByRole('alert')).toContainText('auth.userPoolId: Invalid UserPoolId format.');
  change = (auth) => delete auth.userPoolClientId;
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('auth.userPoolClientId: Both UserPoolId and ClientId are required.');
});
