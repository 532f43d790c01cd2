/**
 * The identity journeys of a new user against the real local pool: sign-up with the e-mailed
 * code, details and SMS verification, sign-out and in, password change, and password reset.
 */
import { expect, test } from './fixtures';
import { createConfirmedUser } from '../support/identity-admin';
import { codeSentTo, enterCode, poolOf, signInThroughForm, submitDetails, uniqueEmail } from './identity-helpers';

const PASSWORD = 'Sunny!Road42';
const NEW_PASSWORD = 'Rainy#Lane77';

test('sign up, verify, add details, meet the dashboard, sign out and in, change the password', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('journey');
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));

  await page.goto('/sign-up');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('sunny');
  await expect(page.getByRole('listitem').filter({ hasText: 'An uppercase letter' })).toContainText('(not met)');
  await password.fill(PASSWORD);
  await expect(page.getByRole('listitem').filter({ hasText: 'An uppercase letter' })).toContainText('(met)');
  await page.getByRole('checkbox', { name: /I agree to the Terms of Use/ }).check();
  const sentAfter = new Date().toISOString();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'Confirm your e-mail' })).toBeVisible();
  await enterCode(page, await codeSentTo(request, email, sentAfter));
  const textAfter = new Date().toISOString();
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();

  await submitDetails(page, { firstName: 'Avery', lastName: 'Lindqvist', mobile: '4155550123' });
  await expect(page.getByRole('heading', { name: 'Verify your mobile' })).toBeVisible();
  await expect(page.getByText('+14155550123')).toBeVisible();
  await enterCode(page, await codeSentTo(request, '+14155550123', textAfter));
  await page.getByRole('button', { name: 'Verify mobile' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Avery' })).toBeVisible();
  await expect(page.getByText('You have no offers or transactions yet.')).toBeVisible();
  expect(logs.some((line) => line.includes('[analytics] sign-in successful'))).toBe(true);

  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();

  await page.goto('/sign-in');
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel('Current password', { exact: true }).fill('Not!theOne1');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('New password again', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your current password is not right.');
  await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/sign-out');
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await page.goto('/sign-in');
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password: code by e-mail, new password, sign in with it', async ({ page, request }) => {
  const email = uniqueEmail('forgot');
  await createConfirmedUser(await poolOf(request), email);

  await page.goto('/sign-in');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  const sentAfter = new Date().toISOString();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByRole('link', { name: 'Enter the code' }).click();

  const code = await codeSentTo(request, email, sentAfter);
  await enterCode(page, code.startsWith('1') ? '222222' : '111111');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('New password again', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check it and try again.');

  await enterCode(page, code);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password was changed. Sign in with the new one.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about you' })).toBeVisible();
});

test('password reset for an unknown e-mail reads exactly like one for a real account', async ({ page }) => {
  await page.goto('/auth/forgot-password');
  await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
});
