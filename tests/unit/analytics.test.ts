import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackEvent } from '../../src/data/device/analytics';
import { setSignedIn, setSignedOut } from '../../src/data/session/session-store';
import { readTrackingPreference, tracking } from '../../src/data/device/tracking';

afterEach(() => {
  vi.restoreAllMocks();
  setSignedOut();
});

describe('console-only analytics (SPEC §3)', () => {
  it('logs events with deviceType client_web, the user id and registered status', () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    tracking.preference = 'accepted';
    setSignedIn({ sub: 'user-1', email: 'a@example.com' }, 'token');
    trackEvent('sign-in successful');
    expect(log).toHaveBeenCalledWith('[analytics]', 'sign-in successful', { deviceType: 'client_web', userId: 'user-1', registered: true });
  });

  it('logs nothing once tracking is rejected', () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    tracking.preference = 'rejected';
    trackEvent('offer created', { offerId: 'o-1' });
    expect(log).not.toHaveBeenCalled();
  });
});

describe('tracking cookie (SPEC §9)', () => {
  it("reads 'false' as accepted, 'true' as rejected and no cookie as unset", () => {
    expect(readTrackingPreference('a=1; CaramelDoNotTrack=false')).toBe('accepted');
    expect(readTrackingPreference('CaramelDoNotTrack=true; b=2')).toBe('rejected');
    expect(readTrackingPreference('other=1')).toBe('unset');
    expect(readTrackingPreference('')).toBe('unset');
  });
});
