import { expect, test } from './fixtures';

test('the home page renders', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Buy and sell cars privately');
  await expect(page.getByRole('heading', { name: 'How a private sale works here' })).toBeVisible();
});

test('/healthcheck renders and shows every part working', async ({ page }) => {
  await page.goto('/healthcheck');
  await expect(page.getByRole('heading', { name: 'Service status' })).toBeVisible();
  const parts = page.getByRole('table', { name: 'Service parts' });
  for (const part of ['Database', 'Document storage', 'Sign-in service']) {
    await expect(parts.getByRole('row', { name: new RegExp(part) })).toContainText('Working');
  }
});

test('/api/healthz reports every part ok', async ({ request }) => {
  const answer = await request.get('/api/healthz');
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', identity: 'ok' });
});

test('/config.json carries the documented keys', async ({ request }) => {
  const config = await (await request.get('/config.json')).json();
  expect(Object.keys(config).sort()).toEqual([
    'apiBaseUrl',
    'auth',
    'contentBaseUrl',
    'helpCentreUrl',
    'push',
    'storage',
    'verificationWidget',
  ]);
  expect(config.auth).toMatchObject({
    region: expect.any(String),
    userPoolId: expect.stringMatching(/_/),
    userPoolEndpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/),
  });
  // The local stack's devices subscribe at its push-service stand-in, with the key made for its data dir.
  expect(config.push).toEqual({
    applicationServerKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
    serviceStandIn: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/),
  });
});

test('an unknown path shows the not-found screen, whose button returns home', async ({ page }) => {
  await page.goto('/no/such/place?from=test');
  await expect(page.getByTestId('not-found-message')).toHaveText('Page Not Found: /no/such/place');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We can't find that page");
  await expect(page).toHaveTitle('Page not found');
  await page.getByRole('link', { name: 'Return to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Buy and sell cars privately');
});

test('the redirect check sends old spellings to the real route', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('pointing at a link fetches that page before the click, so the navigation does not wait for it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Help' }).hover();
  await expect.poll(() => scripts.some((url) => /\/help-page-[\w-]+\.js$/.test(url))).toBe(true);
});
