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

/** A path on this site: not another origin, a protocol-relative `//host` or a backslash trick. */
export function isOwnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}
