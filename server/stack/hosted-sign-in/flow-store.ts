/**
 * What the hosted sign-in remembers between requests, in memory, as a real one keeps it for
 * minutes only: authorization requests on their way through a provider's page (10 minutes),
 * authorization codes (one use, 5 minutes) and hosted sessions (until /logout, 8 hours at
 * most). A restart forgets them all: a sign-in in progress starts again and the next sign-in
 * shows the provider's page again. Each addition sweeps out what has expired, so entries that
 * are never read again do not pile up.
 */
import { randomBytes } from 'node:crypto';
import type { ProviderProfile } from './federation';

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state?: string;
  codeChallenge: string;
  providerName: string;
  /** Set once the person approved at the provider. */
  profile?: ProviderProfile;
  /** The account the identity is linked to once its password is proved. */
  linkTo?: string;
  passwordAttempts: number;
}

export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  username: string;
}

export interface HostedSession {
  username: string;
  providerName: string;
  providerUserId: string;
}

const REQUEST_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 5 * 60_000;
export const SESSION_TTL_MS = 8 * 3600_000;

const newId = () => randomBytes(24).toString('base64url');

class Expiring<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  constructor(private readonly ttlMs: number) {}

  /** How many entries are held, expired ones not yet swept included. */
  get size(): number {
    return this.entries.size;
  }

  add(value: T): string {
    const now = Date.now();
    for (const [id, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(id);
    const id = newId();
    this.entries.set(id, { value, expiresAt: now + this.ttlMs });
    return id;
  }

  get(id: string | undefined): T | undefined {
    const entry = id ? this.entries.get(id) : undefined;
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.value;
    this.entries.delete(id!);
    return undefined;
  }

  take(id: string | undefined): T | undefined {
    const value = this.get(id);
    if (id) this.entries.delete(id);
    return value;
  }
}

export class FlowStore {
  readonly requests = new Expiring<AuthorizationRequest>(REQUEST_TTL_MS);
  readonly codes = new Expiring<IssuedCode>(CODE_TTL_MS);
  readonly sessions = new Expiring<HostedSession>(SESSION_TTL_MS);
}
