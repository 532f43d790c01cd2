/**
 * ID tokens signed with cognito-local's own key, so the API accepts them exactly as it accepts
 * tokens from the local pool; each option changes one thing a test wants refused or varied.
 */
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import type { LocalParts } from './local-parts';

/** What a token names of the pool: its issuer and audience. */
type Pool = Pick<LocalParts['identity'], 'endpoint' | 'userPoolId' | 'userPoolClientId'>;

const cognitoLocalKey = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK };

export interface MintOptions {
  key?: CryptoKey | Uint8Array;
  expiresIn?: number;
  issuer?: string;
  subject?: string;
}

export async function mintIdToken(identity: Pool, claims: Record<string, unknown> = {}, options: MintOptions = {}) {
  const key = options.key ?? (await importJWK(cognitoLocalKey.jwk, 'RS256'));
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ token_use: 'id', email: 'forged@example.com', email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setSubject(options.subject ?? '00000000-0000-0000-0000-000000000000')
    .setIssuer(options.issuer ?? `${identity.endpoint}/${identity.userPoolId}`)
    .setAudience(identity.userPoolClientId)
    .setIssuedAt(now - 7200)
    .setExpirationTime(options.expiresIn ?? now + 3600)
    .sign(key);
}

/** A distinct user: a fresh subject and e-mail, optionally in pool groups. */
export async function bearerFor(identity: Pool, groups: string[] = []) {
  const sub = randomUUID();
  const token = await mintIdToken(identity, { email: `${sub}@example.com`, 'cognito:groups': groups }, { subject: sub });
  return `Bearer ${token}`;
}

/** A distinct user known by e-mail (`label-…@example.com`), with their bearer header. */
export async function personFor(identity: Pool, label: string) {
  const sub = randomUUID();
  const email = `${label}-${sub.slice(0, 8)}@example.com`;
  return { email, bearer: `Bearer ${await mintIdToken(identity, { email }, { subject: sub })}` };
}
