import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type LogLevel, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { prerender } from './server/build/prerender-plugin.ts';
import { BRAND } from './src/domain/brand.ts';

// One id per build: the app knows its own, builds/latest.json tells it the newest (SPEC §7). An
// empty BUILD_ID (the image build without --build-arg) gets a made-up one too.
const buildId =
  process.env.BUILD_ID || `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${Math.random().toString(36).slice(2, 8)}`;
const builtAt = new Date().toISOString();

/** Writes builds/latest.json and builds/meta/{id}.json; both are served uncached and never precached. */
function buildManifest(): Plugin {
  return {
    name: 'caramel-build-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const assets = Object.keys(bundle).filter((name) => name.startsWith('assets/'));
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: JSON.stringify({ id: buildId, timestamp: builtAt }) });
      this.emitFile({
        type: 'asset',
        fileName: `builds/meta/${buildId}.json`,
        source: JSON.stringify({ id: buildId, timestamp: builtAt, assets }),
      });
    },
  };
}

/**
 * React Router 7 exports only its development build, warnings and checks included (remix-run/react-router#12532,
 * #14753); a build takes the production one it ships beside it.
 */
function routerProductionBuild(): Plugin {
  const production = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
  return {
    name: 'caramel-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: production('index.mjs') },
          { find: /^react-router\/dom$/, replacement: production('dom-export.mjs') },
        ],
      },
    }),
  };
}

const define = { __BUILD_ID__: JSON.stringify(buildId) };

/**
 * vite-plugin-pwa builds the service worker with a Vite build of its own that ignores
 * `--logLevel`; this hands it the outer build's level, so `npm start` (which builds with
 * `--logLevel warn`) prints no build chatter.
 */
let logLevel: LogLevel = 'info';
const outerLogLevel: Plugin = { name: 'caramel-log-level', configResolved: (config) => void (logLevel = config.logLevel ?? 'info') };
const innerLogLevel: Plugin = { name: 'caramel-sw-log-level', config: () => ({ logLevel }) };

export default defineConfig({
  define,
  plugins: [
    outerLogLevel,
    routerProductionBuild(),
    react(),
    buildManifest(),
    prerender(define),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // A classic script either way; 'iife' builds it as a library, without the 'es' path's
        // deprecated `inlineDynamicImports` option that Rolldown warns about on every build.
        rollupFormat: 'iife',
        buildPlugins: { vite: [innerLogLevel] },
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,json,md,txt}'],
        // Build manifests must always come from the network; source maps are not needed offline;
        // prerendered pages are for first visits only (offline navigations use the shell).
        globIgnores: ['builds/**', '**/*.map', 'screenshots/**', 'prerendered/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: `${BRAND.name} — private car sales`,
        short_name: BRAND.name,
        description: BRAND.tagline,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#a8561b',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          { src: '/screenshots/home-wide.png', sizes: '1280x720', type: 'image/png', form_factor: 'wide', label: 'The home page' },
          {
            src: '/screenshots/home-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'The home page on a phone',
          },
        ],
      },
    }),
    // Each built file also as Brotli and gzip, served as they are (server/api/static-files.ts): a browser's first visit
    // no longer has the server compress the app again for every request (a fifth of its CPU under the browser tests).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], threshold: 1024, logLevel: 'silent' }),
  ],
  css: {
    // Bulma's own Sass still uses deprecated features; its warnings are not ours to fix.
    preprocessorOptions: { scss: { quietDeps: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // What a first visit needs (issue 5: <= 120 KB gzip for /) goes out as one file: by default
    // every module the entry shares with a lazy page became its own small chunk (20 of them),
    // which cost ~3 KB of gzip overhead and a request each. Only the modules the entry's code
    // really uses: a dependency a lazy page alone needs (an icon, say) stays with that page.
    rolldownOptions: {
      // The plugin-timing notice names Vite's own plugins (CSS, the PWA and prerender steps); nothing to act on.
      checks: { bundlerTimings: false },
      // React and the router ride in chunks of their own: together with the app's boot code they were 525 KB minified
      // in one file (Vite warns past 500 KB); apart, no chunk passes 300 KB, and a release that changes only the app
      // leaves them cached. Three requests at once instead of one, on a first visit only.
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'router', test: /node_modules[\\/]react-router(-dom)?[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'boot', tags: ['$initial'], includeDependenciesRecursively: false },
          ],
        },
      },
    },
    // No list of every lazy chunk's dependencies in the entry (~3 KB gzip): a page's imports are
    // fetched when its chunk arrives, the route preloader fetches that chunk on intent, and after
    // the first visit the service worker serves them all from its precache.
    modulePreload: false,
  },
  server: {
    // `npm run dev` serves the UI with hot reload; the API and config come from `npm start` on the same PORT.
    proxy: Object.fromEntries(['/api', '/config.json', '/content'].map((path) => [path, `http://127.0.0.1:${process.env.PORT ?? 8080}`])),
  },
});
