/**
 * A subscription's endpoint is a URL this server will call (issue 44): only the push services
 * browsers use, over https, are accepted — never a private or loopback address, which would let
 * anyone make the API call into its own network. The local stack's push-service stand-in is
 * accepted only when the local stack configured it (PUSH_STAND_IN_URL, refused elsewhere).
 */
import { isIP } from 'node:net';

/** The push services of Chrome and Edge's Chromium (FCM), Firefox, Windows (WNS) and Safari (APNs web push). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /\.notify\.windows\.com$/,
  /^web\.push\.apple\.com$/,
  /\.push\.apple\.com$/,
];

/** Why `endpoint` may not be called, in words for the caller; undefined when it may. */
export function endpointProblem(endpoint: string, standInUrl?: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be a URL';
  }
  if (standInUrl && url.origin === new URL(standInUrl).origin && url.pathname.startsWith('/push/send/')) return undefined;
  if (url.protocol !== 'https:') return 'must be an https address of a browser push service';
  if (url.username || url.password) return 'must not carry credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) || host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local'))
    return 'must be a browser push service, not a private or loopback address';
  if (url.port && url.port !== '443') return 'must be a browser push service on its standard port';
  if (!PUSH_SERVICE_HOSTS.some((pattern) => pattern.test(host))) return 'must be the address of a known browser push service';
  return undefined;
}
