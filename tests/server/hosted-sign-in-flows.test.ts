/**
 * How long the hosted sign-in remembers things: a hosted session ends after 8 hours even
 * without /logout (the provider asks again), a code is good once and for 5 minutes, and what
 * expired is swept out rather than kept for ever.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FlowStore } from '../../server/stack/hosted-sign-in/flow-store';

const session = { username: 'u', providerName: 'Google', providerUserId: 'g-1' };
const code = { clientId: 'c', redirectUri: 'https://app/sign-in', codeChallenge: 'x', scope: 'openid', username: 'u' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the hosted sign-in’s memory', () => {
  it('keeps a hosted session for 8 hours, then the provider has to ask again', () => {
    const flows = new FlowStore();
    const id = flows.sessions.add(session);
    vi.advanceTimersByTime(8 * 3600_000 - 1);
    expect(flows.sessions.get(id)).toEqual(session);
    vi.advanceTimersByTime(1);
    expect(flows.sessions.get(id)).toBeUndefined();
  });

  it('hands a code over once, and not after 5 minutes', () => {
    const flows = new FlowStore();
    const once = flows.codes.add(code);
    expect(flows.codes.take(once)).toEqual(code);
    expect(flows.codes.take(once)).toBeUndefined();
    const late = flows.codes.add(code);
    vi.advanceTimersByTime(5 * 60_000);
    expect(flows.codes.take(late)).toBeUndefined();
    expect(flows.codes.take(undefined)).toBeUndefined();
  });

  it('sweeps out expired entries nobody reads again', () => {
    const flows = new FlowStore();
    for (let i = 0; i < 50; i++) flows.sessions.add(session);
    vi.advanceTimersByTime(8 * 3600_000);
    const fresh = flows.sessions.add(session);
    expect(flows.sessions.size).toBe(1);
    expect(flows.sessions.get(fresh)).toEqual(session);
  });
});
