/**
 * The analytics layer (SPEC §3): events go to the console only, with deviceType client_web,
 * the user id and registered status, and nothing at all once tracking is rejected.
 */
import { session } from '../session/session-store';
import { tracking } from './tracking';

export type AnalyticsEvent = 'sign-in successful' | 'offer created' | 'offer accepted';

export function trackEvent(event: AnalyticsEvent, properties: Record<string, unknown> = {}): void {
  if (tracking.preference === 'rejected') return;
  console.info('[analytics]', event, {
    deviceType: 'client_web',
    userId: session.user?.sub ?? null,
    registered: session.status === 'signed-in',
    ...properties,
  });
}
