/**
 * Build-time rendering of a public page to HTML (the `prerender` plugin in vite.config.ts runs
 * this through Vite's SSR loader). The page's text then arrives with the HTML, so a first visit
 * paints it before any JavaScript runs; the app replaces it with the same markup when it starts.
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { loadRuntimeConfig, type RuntimeConfig } from '../data/api/runtime-config';
import { routes } from './routes';

export type Prerendered = { ok: true; html: string } | { ok: false; status: number };

export async function renderPage(url: string, config: RuntimeConfig): Promise<Prerendered> {
  const loaded = await loadRuntimeConfig(async () => new Response(JSON.stringify(config)));
  if (!loaded.ok) throw new Error(loaded.problem);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { ok: false, status: context.status };
  if (context.statusCode !== 200) return { ok: false, status: context.statusCode };
  const router = createStaticRouter(handler.dataRoutes, context);
  return { ok: true, html: renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />) };
}
