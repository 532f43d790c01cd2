/**
 * The cryptography of the Web Push stand-in, for both halves it plays: the browser's (a
 * subscription's P-256 key pair and auth secret, and decrypting what arrives, RFC 8291) and the
 * push service's (checking the sender's VAPID authorization, RFC 8292).
 */
import { createECDH, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { decrypt } from 'http_ece';
import { jwtVerify } from 'jose';

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** RFC 8292 §2: a push service refuses a token that expires more than 24 hours after the request. */
const MAX_TOKEN_LIFETIME_SECONDS = 24 * 3600;

/** A P-256 public key written as Web Push writes it (base64url of the 65-byte uncompressed point), or undefined if it is not one. */
export function p256PublicKey(text: string): KeyObject | undefined {
  const raw = BASE64URL.test(text) ? Buffer.from(text, 'base64url') : Buffer.alloc(0);
  if (raw.length !== 65 || raw[0] !== 0x04) return undefined;
  const coordinate = (from: number) => raw.subarray(from, from + 32).toString('base64url');
  try {
    // Node refuses a point that is not on the curve.
    return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) }, format: 'jwk' });
  } catch {
    return undefined;
  }
}

/** What a browser makes for a new subscription: an ECDH key pair on P-256 and a 16-byte auth secret, all base64url. */
export function newSubscriptionKeys() {
  const ecdh = createECDH('prime256v1');
  const p256dh = ecdh.generateKeys().toString('base64url');
  return { p256dh, auth: randomBytes(16).toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url') };
}

/** The plaintext of an aes128gcm push message (RFC 8291), or undefined when it was changed or encrypted for other keys. */
export function decryptPush(body: Buffer, keys: { privateKey: string; auth: string }): string | undefined {
  const receiver = createECDH('prime256v1');
  receiver.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  try {
    return decrypt(body, { version: 'aes128gcm', privateKey: receiver, authSecret: keys.auth }).toString('utf8');
  } catch {
    return undefined;
  }
}

export interface VapidRefusal {
  status: 401 | 403;
  message: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` as a push service does for a subscription
 * made with `applicationServerKey`: undefined when it may send, else why not. A missing or
 * unreadable header is 401; a token that is not good for this subscription is 403 (RFC 8292 §4.2).
 */
export async function vapidRefusal(
  authorization: string | undefined,
  expected: { applicationServerKey: string; audience: string },
): Promise<VapidRefusal | undefined> {
  const scheme = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  const params = new Map(
    [...(scheme?.[1] ?? '').matchAll(/([a-z]+)\s*=\s*"?([^",\s]+)"?/gi)].map(([, name, value]) => [name!.toLowerCase(), value!]),
  );
  const token = params.get('t');
  const key = p256PublicKey(params.get('k') ?? '');
  if (!token || !key) return { status: 401, message: 'Authorization must be "vapid t=<JWT>, k=<P-256 public key, base64url>" (RFC 8292)' };
  if (!Buffer.from(params.get('k')!, 'base64url').equals(Buffer.from(expected.applicationServerKey, 'base64url')))
    return { status: 403, message: 'The VAPID public key (k) is not the applicationServerKey this subscription was made with' };
  const now = new Date();
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['ES256'],
      audience: expected.audience,
      requiredClaims: ['exp', 'sub'],
      currentDate: now,
    });
    if (payload.exp! > now.getTime() / 1000 + MAX_TOKEN_LIFETIME_SECONDS)
      return { status: 403, message: 'The VAPID JWT expires more than 24 hours from now (RFC 8292 §2)' };
    if (!isContact(payload.sub)) return { status: 403, message: 'The VAPID JWT sub must be a mailto: or https: URL (RFC 8292 §2.1)' };
    return undefined;
  } catch (error) {
    return { status: 403, message: `The VAPID JWT was refused: ${(error as Error).message}` };
  }
}

const isContact = (sub: unknown) => typeof sub === 'string' && (sub.startsWith('mailto:') || URL.parse(sub)?.protocol === 'https:');
