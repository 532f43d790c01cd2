import { describe, expect, it } from 'vitest';
import { currentIdToken, session, setDashboard, setSignedIn, setSignedOut } from '../../src/data/session/session-store';

describe('session store', () => {
  it('counts a user as new only when all three totals are 0 (SPEC §3)', () => {
    setDashboard({ activeTransactions: 0, offers: 0, previousTransactions: 0, unreadMessages: 0 });
    expect(session.dashboard?.isNewUser).toBe(true);
    setDashboard({ activeTransactions: 0, offers: 1, previousTransactions: 0, unreadMessages: 0 });
    expect(session.dashboard?.isNewUser).toBe(false);
  });

  it('hands out the ID token only while signed in, and forgets it on sign-out', () => {
    setSignedIn({ sub: 's', email: 'e@example.com' }, 'id-token');
    expect(currentIdToken()).toBe('id-token');
    setSignedOut();
    expect(currentIdToken()).toBeUndefined();
    expect(session).toMatchObject({ status: 'signed-out', user: null, dashboard: null });
  });
});
