import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ServerError } from '../data/api/api-client';
import { NotFoundScreen } from './not-found';
import { OfflineScreen } from './offline-screen';
import { ServerBusyScreen } from './server-busy-screen';

const CRAWLER = /bot|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|lighthouse/i;

function isOffline(error: unknown) {
  return !navigator.onLine || (error as { name?: string })?.name === 'NetworkError';
}

/**
 * The root error element. A missing page shows the not-found screen; a page that needs the
 * network while offline shows what works offline; one our side could not serve for a moment (503
 * while the database restarts) waits and asks again; any other fatal error (including a chunk
 * still missing after its one reload, chunk-reload.ts) shows the not-found screen (SPEC §2.9),
 * except to crawlers, which get a console log only.
 */
export function FatalError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isOffline(error)) return <OfflineScreen />;
  if (error instanceof ServerError && [502, 503, 504].includes(error.status))
    // The API says why in words; a proxy in front of it answers only a status.
    return (
      <ServerBusyScreen
        message={error.message.startsWith('Server error') ? 'Our servers are not answering for a moment.' : error.message}
      />
    );
  console.error('Fatal app error', error);
  if (CRAWLER.test(navigator.userAgent)) return null;
  return <NotFoundScreen />;
}
