// http_ece ships no types; this covers the decryption server/providers/sandbox/push-crypto.ts uses.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair; with aes128gcm the sender's public key is read from the body's header. */
    privateKey: ECDH;
    /** The subscription's 16-byte auth secret, as bytes or base64url. */
    authSecret: Buffer | string;
  }
  /** The plaintext; throws when the body was not encrypted for these keys or was changed. */
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
