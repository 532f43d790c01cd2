import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { staticFiles } from '../../server/api/static-files';
import { PRERENDER_PLACEHOLDERS } from '../../src/domain/public-routes';

const app = Fastify();

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'caramel-dist-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'content/app'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(dir, 'assets/app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets/app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(join(dir, 'content/app/pageNotFound.json'), '{"title":"t"}');
  writeFileSync(join(dir, 'content/app/guide.md'), '---\ntitle: Guide\n---\n# Guide');
  mkdirSync(join(dir, 'prerendered/learn-more'), { recursive: true });
  writeFileSync(join(dir, 'prerendered/help.html'), `<title>Help</title><a href="${PRERENDER_PLACEHOLDERS.helpCentreUrl}">help centre</a>`);
  writeFileSync(join(dir, 'prerendered/learn-more/odometer.html'), '<title>Odometer</title>');
  await staticFiles(app, dir, { helpCentreUrl: 'https://support.example.com/' });
});

describe('static files', () => {
  it('caches hashed assets for a year as immutable', async () => {
    const answer = await app.inject('/assets/app-abc123.js');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the shell for client routes, always revalidated', async () => {
    for (const path of ['/', '/dashboard', '/learn-more/title-transfer?ref=x']) {
      const answer = await app.inject(path);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain('<title>shell</title>');
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the build’s Brotli file to a browser that takes it, as it is, and the plain file to one that does not', async () => {
    const brotli = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it("serves a public page's prerendered HTML with this deployment's help-centre link", async () => {
    const help = await app.inject('/help?q=title');
    expect(help.statusCode).toBe(200);
    expect(help.headers['cache-control']).toBe('no-cache');
    expect(help.body).toBe('<title>Help</title><a href="https://support.example.com/">help centre</a>');
    expect((await app.inject('/learn-more/odometer')).body).toBe('<title>Odometer</title>');
    expect((await app.inject('/learn-more/not-prerendered')).body).toContain('<title>shell</title>');
  });

  it('answers 404 for unknown API paths and missing files instead of the shell', async () => {
    expect((await app.inject('/api/nope')).statusCode).toBe(404);
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('serves content entries by extension-less path as JSON', async () => {
    const answer = await app.inject('/content/app/pageNotFound');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.json()).toEqual({ title: 't' });
    const markdown = await app.inject('/content/app/guide');
    expect(markdown.headers['content-type']).toMatch(/text\/markdown/);
    expect(markdown.body).toContain('# Guide');
    expect((await app.inject('/content/app/missing')).statusCode).toBe(404);
    expect((await app.inject('/content/..%2Fsecret')).statusCode).toBe(404);
  });
});
