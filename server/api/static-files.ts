/**
 * Serves the built app from STATIC_DIR: hashed assets cached for a year, the shell, service
 * worker and build manifest always revalidated, content entries by extension-less path
 * (`{content base}/app/pageNotFound`, SPEC §7), a public page's prerendered HTML when the
 * build made one, and index.html for every other client route.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PRERENDER_PLACEHOLDERS, prerenderedFile } from '../../src/domain/public-routes';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { inlineHashes, type InlineHashes } from './guards/security-headers';

const CONTENT_TYPES = [
  ['.json', 'application/json'],
  ['.md', 'text/markdown; charset=utf-8'],
] as const;

const ALWAYS_REVALIDATE = /(^|\/)(index\.html|sw\.js|registerSW\.js|manifest\.webmanifest|latest\.json|config\.json)$/;

export async function staticFiles(app: FastifyInstance, staticDir: string, runtime: { helpCentreUrl: string }) {
  const root = resolve(staticDir);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn(`no built app in ${root}; run "npm run build" to serve the web app`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    index: false,
    // The build's .br and .gz beside each file (vite.config.ts), chosen by Accept-Encoding: nothing compressed per request.
    preCompressed: true,
    wildcard: false, // one route per built file, so unknown paths reach the SPA fallback below
    setHeaders(res, path) {
      // One URL, three encodings: a cache between keeps them apart.
      res.header('vary', 'accept-encoding');
      if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      else if (ALWAYS_REVALIDATE.test(path)) res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });

  app.get('/content/*', async (request, reply) => {
    const entry = (request.params as { '*': string })['*'];
    const file = /^[\w-]+(\/[\w-]+)*$/.test(entry)
      ? CONTENT_TYPES.find(([extension]) => existsSync(resolve(root, 'content', `${entry}${extension}`)))
      : undefined;
    if (!file) return reply.code(404).send({ message: 'No such content entry' });
    const [extension, type] = file;
    return reply.header('cache-control', 'no-cache').type(type).sendFile(`content/${entry}${extension}`);
  });

  // Prerendered pages with this deployment's configuration filled in, read once per file.
  const pages = new Map<string, string | undefined>();
  const prerenderedPage = (file: string) => {
    if (!pages.has(file)) pages.set(file, builtPage(root, file, runtime));
    return pages.get(file);
  };

  // HEAD is answered like GET (Node leaves the body out), as crawlers and uptime checks expect.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const isClientRoute = ['GET', 'HEAD'].includes(request.method) && !path.startsWith('/api/') && !/\.\w+$/.test(path);
    if (!isClientRoute) return reply.code(404).send({ message: 'Not found' });
    const prerendered = /^\/([\w-]+(\/[\w-]+)*)?$/.test(path) ? prerenderedPage(prerenderedFile(path)) : undefined;
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (prerendered === undefined) return reply.sendFile('index.html');
    return request.method === 'HEAD' ? reply.header('content-length', Buffer.byteLength(prerendered)).send() : prerendered;
  });
}

function builtPage(root: string, file: string, runtime: { helpCentreUrl: string }): string | undefined {
  const full = resolve(root, file);
  return existsSync(full) ? readFileSync(full, 'utf8').replaceAll(PRERENDER_PLACEHOLDERS.helpCentreUrl, runtime.helpCentreUrl) : undefined;
}

/** The hashes of every inline script and style in the built HTML, as served, for the pages' Content-Security-Policy. */
export function builtInlineHashes(staticDir: string, runtime: { helpCentreUrl: string }): InlineHashes {
  const root = resolve(staticDir);
  if (!existsSync(root)) return { scripts: [], styles: [] };
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  const found = files.map((file) => inlineHashes(builtPage(root, file, runtime) ?? ''));
  return { scripts: [...new Set(found.flatMap((page) => page.scripts))], styles: [...new Set(found.flatMap((page) => page.styles))] };
}
