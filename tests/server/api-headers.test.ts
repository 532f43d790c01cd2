/**
 * Security headers on every kind of answer (DESIGN §12): pages, the shell, static files,
 * `/config.json` and the API. Pages get a Content-Security-Policy that allows their own inline
 * scripts by hash (never 'unsafe-inline'), the verification widget and carrier frames from the
 * sandbox origin, and no framing of the product itself.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiFor } from '../support/api-harness';

const parts = inject('parts');
const INLINE = "document.documentElement.classList.add('js')";
const sandbox = new URL(parts.sandbox.url).origin;
let https: Awaited<ReturnType<typeof apiFor>>;
let http: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'caramel-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'prerendered'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title><script type="module" src="/assets/app.js"></script>');
  writeFileSync(join(dist, 'prerendered/index.html'), `<!doctype html><title>Home</title><script>${INLINE}</script><p>Welcome</p>`);
  writeFileSync(join(dist, 'assets/app.js'), 'console.log(1)');
  https = await apiFor(parts, { STATIC_DIR: dist, APP_ORIGIN: 'https://app.example.test' });
  http = await apiFor(parts, { STATIC_DIR: dist, APP_ORIGIN: 'http://127.0.0.1:8080' });
});
afterAll(async () => {
  await https.close();
  await http.close();
});

const directives = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );

function expectBaseline(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toBe(`camera=("${sandbox}"), microphone=("${sandbox}")`);
  expect(directives(headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
}

describe('security headers', () => {
  it('give a page a policy that allows its own inline script by hash, the sandbox frames, and nothing inline else', async () => {
    const page = await https.app.inject('/');
    expect(page.body).toContain('Welcome');
    expectBaseline(page.headers);
    const policy = directives(page.headers['content-security-policy']);
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(policy.get('script-src')).toEqual(["'self'", hash]);
    expect(policy.get('frame-src')).toEqual([sandbox]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", parts.identity.endpoint, parts.storage.endpoint]));
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
    expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });

  it('answer HEAD / like GET / without a body', async () => {
    const get = await https.app.inject('/');
    const head = await https.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    for (const name of ['content-type', 'content-security-policy', 'cache-control', 'x-content-type-options'])
      expect(head.headers[name], name).toEqual(get.headers[name]);
  });

  it('cover the shell, static files, /config.json and the API, which gets a policy that allows nothing', async () => {
    for (const url of ['/dashboard', '/assets/app.js']) {
      const answer = await https.app.inject(url);
      expect(answer.statusCode, url).toBe(200);
      expectBaseline(answer.headers);
    }
    for (const url of ['/config.json', '/api/users/profile', '/api/nope']) {
      const answer = await https.app.inject(url);
      expectBaseline(answer.headers);
      expect(directives(answer.headers['content-security-policy']).get('default-src'), url).toEqual(["'none'"]);
    }
  });

  it('leave out HSTS when the app is not served over HTTPS', async () => {
    const page = await http.app.inject('/');
    expectBaseline(page.headers);
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });
});
