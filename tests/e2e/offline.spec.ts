import { expect, test, readyOffline } from './fixtures';
import { PUBLIC_ROUTES } from './public-routes';

// Goes offline: its pages come from the service worker, as in an installed app.
test.use({ serviceWorkers: 'allow' });

test('after one visit to /, every public page reads offline, reload included, and no /api answer is cached', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await readyOffline(page);
  await context.setOffline(true);
  expect(PUBLIC_ROUTES.length).toBeGreaterThanOrEqual(16);
  for (const path of PUBLIC_ROUTES) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading, path).toBeVisible();
    await expect(heading, path).not.toHaveText(/offline|cannot start|can't find/i);
  }
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('TCPA policy');
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
  expect(cached.length).toBeGreaterThan(20);
  expect(cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
});

test('a first visit whose connection drops while the app is being saved keeps at it until it is ready, then reloads offline', async ({
  page,
  context,
}) => {
  // The connection drops twice as the app is saved: the worker's script cannot be fetched, then a file of its install.
  const cuts = { script: 0, shell: 0 };
  await context.route('**/sw.js', (route) => (cuts.script++ === 0 ? route.abort('internetdisconnected') : route.continue()));
  await context.route('**/index.html', (route) => (cuts.shell++ === 0 ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/help');
  await expect(page.getByRole('status', { name: /^Saving the app for offline use/ })).toBeAttached();
  await readyOffline(page);
  expect(cuts.script).toBeGreaterThan(1);
  expect(cuts.shell).toBeGreaterThan(1);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
});

test('a page that needs the network says so offline and lists what works', async ({ page, context }) => {
  await page.goto('/');
  await readyOffline(page);
  await page.reload(); // now controlled by the service worker
  await context.setOffline(true);
  await page.goto('/healthcheck');
  await expect(page.getByRole('heading', { name: 'Service status' })).toBeVisible();
  await expect(page.getByText(/could not be reached/)).toBeVisible();
});

test('back online, the line says so and keeps its place until the next screen: the page does not jump under a tap', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/help');
  // The page is prerendered: the app has started (and follows the connection) once its service worker is ready.
  await readyOffline(page);
  // The line's box: while it keeps its height, nothing under it moves (the route below may still be drawing itself).
  const line = page.locator('.connectivity-banner');
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  const offline = await line.boundingBox();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'You are back online.' })).toBeVisible();
  expect(await line.boundingBox()).toEqual(offline);
  await page.getByRole('link', { name: 'How it works' }).first().click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(page.getByRole('status').filter({ hasText: 'You are back online.' })).toBeHidden();
});
