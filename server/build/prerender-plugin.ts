/**
 * Vite plugin: after the client build, renders every public page (src/domain/public-routes.ts)
 * to HTML with the app's own routes and content, and writes dist/prerendered/<route>.html.
 * The API serves those files for first visits (server/api/static-files.ts); the service worker
 * never precaches them, so offline navigations keep using the app shell.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { TRACKING_COOKIE } from '../../src/domain/brand.ts';
import { PRERENDER_PLACEHOLDERS, prerenderedFile, publicRoutes } from '../../src/domain/public-routes.ts';
import type { RuntimeConfig } from '../../src/data/api/runtime-config';

const ORIGIN = 'http://prerender.invalid';

/** What src/app/prerender.tsx answers (kept apart: the app's types need Vite's client typings). */
type Prerendered = { ok: true; html: string } | { ok: false; status: number };

/** Just enough configuration for public pages; what a page shows of it is a placeholder the API fills in. */
const CONFIG: RuntimeConfig = {
  apiBaseUrl: '/api',
  contentBaseUrl: `${ORIGIN}/content`,
  auth: { region: 'us-west-2', userPoolId: 'us-west-2_prerender', userPoolClientId: 'prerender' },
  storage: { region: 'us-west-2', bucket: 'prerender' },
  verificationWidget: { host: 'https://widget.invalid', environment: 'sandbox', templateId: 'prerender', governmentIdTemplateId: 'prerender' },
  helpCentreUrl: PRERENDER_PLACEHOLDERS.helpCentreUrl,
};

/** Content entries read from the build output, as the content server would answer them. */
function contentFetch(outDir: string): typeof fetch {
  return async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const entry = url.pathname.replace(/^\/content\//, '');
    for (const [extension, type] of [
      ['.json', 'application/json'],
      ['.md', 'text/markdown'],
    ]) {
      try {
        return new Response(readFileSync(join(outDir, 'content', `${entry}${extension}`)), { headers: { 'content-type': type! } });
      } catch {
        // try the next extension
      }
    }
    return new Response('{"message":"No such content entry"}', { status: 404 });
  };
}

/**
 * The consent banner is prerendered for first-time visitors; a visitor who already chose has
 * the cookie, and this runs before the first paint to keep the banner hidden for them.
 */
const HIDE_ANSWERED_CONSENT = `<script>/(^|;\\s*)${TRACKING_COOKIE}=/.test(document.cookie)&&document.documentElement.classList.add('tracking-chosen')</script>`;

/**
 * The page's HTML in the shell: React's <title> and <meta> moved into the head, form fields
 * and buttons disabled until the app runs, and the app's module preloads dropped. The page reads without
 * JavaScript, so the stylesheet gets the connection to itself and the text paints first; the
 * app's chunks follow the entry script.
 */
function intoTemplate(template: string, rendered: string): string {
  const headTags: string[] = [];
  const body = rendered
    .replace(/<title>[\s\S]*?<\/title>|<meta [^>]*name="description"[^>]*\/?>/g, (tag) => {
      headTags.push(tag.replace(/^<(title|meta)/, '<$1 data-prerendered=""'));
      return '';
    })
    // The app replaces this markup when it starts: input typed or a button pressed (the consent
    // banner's Reject) before then would be lost, so they wait for it.
    .replace(/<(input|textarea|select|button)\b/g, '<$1 disabled=""');
  return template
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `${headTags.join('')}${HIDE_ANSWERED_CONSENT}</head>`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="">${body}</div>`);
}

export function prerender(define: Record<string, string>): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'caramel-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const slugs = (index: string) =>
        (JSON.parse(readFileSync(join(outDir, 'content', `${index}.json`), 'utf8')).entries as { slug: string }[]).map((e) => e.slug);
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const vite = await createServer({
        configFile: false,
        root: config.root,
        logLevel: 'error',
        appType: 'custom',
        define,
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
        // Rendering in Node needs no pre-bundled browser dependencies (and the scan would trip on
        // the PWA plugin's virtual modules, which this server does not have).
        optimizeDeps: { noDiscovery: true },
        css: { preprocessorOptions: { scss: { quietDeps: true } } },
      });
      const realFetch = globalThis.fetch;
      globalThis.fetch = contentFetch(outDir);
      try {
        const { renderPage } = (await vite.ssrLoadModule('/src/app/prerender.tsx')) as {
          renderPage: (url: string, config: RuntimeConfig) => Promise<Prerendered>;
        };
        const routes = publicRoutes(slugs('learn-more/index'), slugs('legal/index'));
        for (const route of routes) {
          const page = await renderPage(`${ORIGIN}${route}`, CONFIG);
          if (!page.ok) throw new Error(`prerendering ${route} answered ${page.status}`);
          const file = join(outDir, prerenderedFile(route));
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, intoTemplate(template, page.html));
        }
        config.logger.info(`prerendered ${routes.length} public pages`);
      } finally {
        globalThis.fetch = realFetch;
        await vite.close();
      }
    },
  };
}
