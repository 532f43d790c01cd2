import { createConfirmedUser } from '../support/identity-admin';
import { expect, test } from './fixtures';

test('a signed-out visit to /dashboard lands on /sign-in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fdashboard$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('after signing in, the visitor returns to where they were going, by way of the details a first sign-in asks for', async ({
  page,
  request,
}) => {
  const config = await (await request.get('/config.json')).json();
  const { email, password } = await createConfirmedUser({ endpoint: config.auth.userPoolEndpoint, userPoolId: config.auth.userPoolId });

  await page.goto('/dashboard');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong!pass1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect e-mail or password.');

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-up\/additional-details\?returnTo=%2Fdashboard$/);
  // Left half-filled (the tab closed), the details are asked for again on the way into the dashboard.
  await page.getByRole('textbox', { name: 'First name' }).fill('Jor');
  await page.goto('/dashboard/overview');
  await expect(page).toHaveURL(/\/sign-up\/additional-details\?returnTo=%2Fdashboard%2Foverview$/);
  await page.goto('/sign-up/additional-details?returnTo=%2Fdashboard');
  await page.getByRole('textbox', { name: 'First name' }).fill('Jordan');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Mills');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('4155550100');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Jordan' })).toBeVisible();
  await expect(page.getByText('You have no offers or transactions yet.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fdashboard$/);
});

test('an empty sign-in form says what is missing and focuses it', async ({ page }) => {
  await page.goto('/sign-in');
  const email = page.getByRole('textbox', { name: 'Email' });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription('Email cannot be empty');
  await expect(page.getByText('Password cannot be empty')).toBeVisible();
  await email.fill('someone@example.com');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page.getByText('Email cannot be empty')).toBeHidden();
});
