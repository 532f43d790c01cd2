/** Bootstrap: runtime config first (nothing works without it), then the router. */
import './ui/theme/index.scss';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ConfigErrorScreen } from './app/config-error';
import { guardAgainOnChange } from './app/navigation';
import { routes } from './app/routes';
import { loadRuntimeConfig } from './data/api/runtime-config';
import { reloadForChunkError } from './app/chunk-reload';
import { startRoutePreloading } from './app/route-preload';

// A preloaded chunk that is gone (a newer deploy replaced it): reload once per path (SPEC §8).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

/** Resolves once the router has run the first navigation's loaders. */
function initialized(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

async function bootstrap() {
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  const config = await loadRuntimeConfig();
  if (!config.ok) {
    root.render(<ConfigErrorScreen problem={config.problem} />);
    return;
  }
  const router = createBrowserRouter(routes);
  guardAgainOnChange(router);
  // A prerendered page (server/build/prerender-plugin.ts) stays on screen until the app can
  // draw the same page, instead of flashing the loading state in between.
  const prerendered = container.hasAttribute('data-prerendered');
  if (prerendered) await initialized(router);
  startRoutePreloading(routes);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // Over a prerendered page the app takes over in a transition: React renders in short slices
  // and the page stays responsive (the text is already on screen, nothing waits for this).
  if (prerendered) startTransition(() => root.render(app));
  else root.render(app);
}

void bootstrap();
