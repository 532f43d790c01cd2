import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundScreen } from './not-found';

const CRAWLER = /bot|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|headlesschrome.*lighthouse/i;

/**
 * The root error element. A fatal error shows the not-found screen (SPEC §2.9), except for
 * crawlers, which get a console log only (SPEC §8) so an error page is never indexed.
 */
export function FatalError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  console.error('Fatal app error', error);
  if (CRAWLER.test(navigator.userAgent)) return null;
  return <NotFoundScreen />;
}
