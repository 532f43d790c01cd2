/**
 * Tracking preference (SPEC §3, §4.5, §9): unset, accepted or rejected, kept in the cookie
 * `<product>DoNotTrack` — 'false' when accepted, 'true' when rejected, absent while unset —
 * with the SPEC §9 cookie defaults (path /, 365 days, secure).
 */
import { proxy } from 'valtio/vanilla';
import { TRACKING_COOKIE } from '../../domain/brand';

export type TrackingPreference = 'unset' | 'accepted' | 'rejected';

export { TRACKING_COOKIE };
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readTrackingPreference(cookies: string = document.cookie): TrackingPreference {
  const value = cookies
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === TRACKING_COOKIE)?.[1];
  if (value === 'true') return 'rejected';
  if (value === 'false') return 'accepted';
  return 'unset';
}

export const tracking = proxy({ preference: typeof document === 'undefined' ? ('unset' as TrackingPreference) : readTrackingPreference() });

export function setTrackingPreference(accepted: boolean): void {
  const secure = window.isSecureContext ? '; Secure' : '';
  document.cookie = `${TRACKING_COOKIE}=${accepted ? 'false' : 'true'}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  tracking.preference = accepted ? 'accepted' : 'rejected';
}
