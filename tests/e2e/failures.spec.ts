import { expect, test } from './fixtures';

test('an invalid /config.json shows a clear error screen instead of the app', async ({ page }) => {
  await page.route('**/config.json', (route) => route.fulfill({ json: { apiBaseUrl: '/api' } }));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Caramel cannot start' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('/config.json is not valid: contentBaseUrl:');
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});

test('a fatal error shows the not-found screen to a person', async ({ page }) => {
  await page.route('**/assets/home-page-*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByTestId('not-found-message')).toHaveText('Page Not Found: /');
  await expect(page.getByRole('link', { name: 'Return to the home page' })).toBeVisible();
});

test('a fatal error only logs to the console for a crawler', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route('**/assets/home-page-*.js', (route) => route.abort());
  await page.goto('/');
  await expect.poll(() => errors.some((text) => text.includes('Fatal app error'))).toBe(true);
  await expect(page.getByTestId('not-found-message')).toHaveCount(0);
  await context.close();
});

test('a page our servers cannot serve for a moment (503) says so and loads by itself once they answer', async ({ page }) => {
  let down = true;
  // As the API answers while its database restarts (tests/server/database-outage.postgres.test.ts).
  await page.route('**/api/public/offer-links/**', (route) =>
    down
      ? route.fulfill({
          status: 503,
          headers: { 'retry-after': '0' },
          json: { message: 'We cannot reach our records for a moment. Try again in a few seconds.' },
        })
      : route.fallback(),
  );
  await page.goto('/deals?token=not-a-real-link');
  await expect(page.getByRole('heading', { name: 'One moment' })).toBeVisible();
  await expect(page.getByText('We cannot reach our records for a moment.')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('This page tries again by itself.');
  await expect(page.getByTestId('not-found-message')).toHaveCount(0);
  down = false;
  // The API answers again: the page's own answer (this link does not exist) replaces the wait, without a click.
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible({ timeout: 15_000 });
});

test('the development mailbox shows the code the user pool sent', async ({ page, request }) => {
  const config = await (await request.get('/config.json')).json();
  const email = `mailbox-${Date.now()}@example.com`;
  const signUp = await request.post(config.auth.userPoolEndpoint, {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
    data: JSON.stringify({ ClientId: config.auth.userPoolClientId, Username: email, Password: 'Good!Pass1' }),
  });
  expect(signUp.status()).toBe(200);
  const latest = await (await request.get(`/api/dev/mailbox/latest?to=${encodeURIComponent(email)}`)).json();
  expect(latest.code).toMatch(/^\d{6}$/);
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText(latest.code);
});
