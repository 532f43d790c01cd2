/** Bootstrap: runtime config first (nothing works without it), then the router. */
import './ui/theme/index.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ConfigErrorScreen } from './app/config-error';
import { routes } from './app/routes';
import { loadRuntimeConfig } from './data/runtime-config';
import { reloadForChunkError } from './app/chunk-reload';

// A preloaded chunk that is gone (a newer deploy replaced it): reload once per path (SPEC §8).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

async function bootstrap() {
  const root = createRoot(document.getElementById('root')!);
  const config = await loadRuntimeConfig();
  if (!config.ok) {
    root.render(<ConfigErrorScreen problem={config.problem} />);
    return;
  }
  root.render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}

void bootstrap();
