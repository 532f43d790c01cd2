/** Sign-in round trips: where a guarded visit is sent, and where it returns afterwards. */
export const SIGN_IN_PATH = '/sign-in';
export const AFTER_SIGN_IN_PATH = '/dashboard';
export const ADDITIONAL_DETAILS_PATH = '/sign-up/additional-details';

/** A path with `returnTo` carried along, so a multi-screen flow still ends where it was going. */
export function withReturnTo(path: string, search: string): string {
  const target = new URLSearchParams(search).get('returnTo');
  if (!target) return path;
  return `${path}${path.includes('?') ? '&' : '?'}returnTo=${encodeURIComponent(target)}`;
}

/**
 * The `returnTo` of a sign-in URL when it is a path on this site; anything else (another
 * origin, a protocol-relative `//host`, a backslash trick) falls back, so the parameter
 * cannot send a user off-site.
 */
export function returnTarget(search: string, fallback: string = AFTER_SIGN_IN_PATH): string {
  const target = new URLSearchParams(search).get('returnTo');
  return target && isOwnPath(target) ? target : fallback;
}

const SELF = 'https://self.invalid';

/**
 * A path on this site, as a browser would resolve it: not another origin, a protocol-relative
 * `//host`, a backslash trick, nor characters URL parsing drops or rewrites (tab, CR, LF:
 * `/\t/evil.example` resolves to `//evil.example`).
 */
export function isOwnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex -- the control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return false;
  try {
    return new URL(path, SELF).origin === SELF;
  } catch {
    return false;
  }
}
