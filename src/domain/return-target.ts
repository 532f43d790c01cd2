/** Sign-in round trips: where a guarded visit is sent, and where it returns afterwards. */
export const SIGN_IN_PATH = '/sign-in';
export const AFTER_SIGN_IN_PATH = '/dashboard';

/**
 * The `returnTo` of a sign-in URL when it is a path on this site; anything else (another
 * origin, a protocol-relative `//host`, a backslash trick) falls back, so the parameter
 * cannot send a user off-site.
 */
export function returnTarget(search: string, fallback: string = AFTER_SIGN_IN_PATH): string {
  const target = new URLSearchParams(search).get('returnTo');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  return target;
}
