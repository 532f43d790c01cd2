/**
 * A first visit's service worker (DESIGN.md §7): installed once the page has loaded, so the next
 * visit, and every public page, reads offline. Nothing is installed yet that a release could
 * replace, so the update prompt and workbox-window (app/update-prompt.tsx) are not fetched for it;
 * a page the service worker serves loads them instead.
 */
export const servedByServiceWorker = (): boolean => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

export function registerOnFirstVisit(): void {
  // Only a production build has one (vite-plugin-pwa writes /sw.js).
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
