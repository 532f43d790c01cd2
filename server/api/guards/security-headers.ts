/**
 * Security headers on every answer (DESIGN §12), through @fastify/helmet: nosniff, the referrer
 * policy, no framing of the product's own pages, HSTS when the app is served over HTTPS, and a
 * Permissions-Policy that lets only the verification widget's origin use camera and microphone.
 * The Content-Security-Policy is set per answer: the API and `/config.json` allow nothing; pages
 * and static files allow the app's own code, the prerendered pages' inline scripts by hash
 * (computed from the built HTML when the API starts; never 'unsafe-inline'), the identity and
 * storage endpoints the browser calls, and the sandbox frames (widget, carrier hand-off).
 */
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Providers } from '../../providers/providers';
import type { Settings } from '../../config/settings';

export interface PagePolicySources {
  appOrigin: string;
  /** Origins the browser calls besides this one: identity, storage, an OAuth domain. */
  connect: string[];
  /** Origins the product frames: the verification widget, the insurance carrier's hand-off page. */
  frames: string[];
  /** Origins documents are read from (presigned storage URLs). */
  media: string[];
  /** The one origin that may use camera and microphone. */
  widget: string;
  /** Hashes of the inline scripts and styles in the built pages. */
  inline: InlineHashes;
}

export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP hashes of `html`'s inline `<script>` and `<style>` elements. */
export function inlineHashes(html: string): InlineHashes {
  const bodies = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);
  return {
    scripts: bodies(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi).map(hash),
    styles: bodies(/<style[^>]*>([\s\S]*?)<\/style>/gi).map(hash),
  };
}

const unique = (values: string[]) => [...new Set(values)];

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...unique(values)].join(' '))
    .join('; ');
}

/** What a page of the app may load; `inline` adds the hashes of a page's own inline code. */
export function pagePolicy(sources: PagePolicySources, inline: InlineHashes = sources.inline): string {
  const https = sources.appOrigin.startsWith('https:');
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inline.scripts],
    'style-src': ["'self'", ...inline.styles],
    'img-src': ["'self'", 'data:', 'blob:', ...sources.media],
    'media-src': ["'self'", 'blob:', ...sources.media],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...sources.connect],
    'frame-src': sources.frames,
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  });
}

/** A self-contained page (the development mailbox): nothing but its own inline styles. */
export function selfContainedPolicy(html: string): string {
  return policy({ 'default-src': ["'none'"], 'style-src': inlineHashes(html).styles, 'frame-ancestors': ["'none'"] });
}

const origin = (url: string) => new URL(url).origin;
const absolute = (url: string) => (/^https?:\/\//.test(url) ? [origin(url)] : []);

/** Where this deployment's browser code reaches, from the API's settings. */
export function policySources(settings: Settings, providers: Providers, inline: InlineHashes): PagePolicySources {
  const { auth, storage } = settings;
  const storageOrigin = origin(
    storage.publicEndpoint ?? storage.endpoint ?? `https://${storage.bucket}.s3.${storage.region}.amazonaws.com`,
  );
  return {
    appOrigin: settings.appOrigin,
    connect: [
      origin(auth.userPoolEndpoint ?? `https://cognito-idp.${auth.region}.amazonaws.com`),
      ...(auth.oauth ? [`https://${auth.oauth.domain}`] : []),
      storageOrigin,
      ...absolute(settings.apiBaseUrl),
      ...absolute(settings.contentBaseUrl),
      // The local stack's push-service stand-in makes this browser's subscription (a real browser's push service is its own business).
      ...(settings.localStack && settings.push.standInUrl ? [origin(settings.push.standInUrl)] : []),
    ],
    frames: [origin(settings.verificationWidget.host), providers.carriers.handOffOrigin],
    media: [storageOrigin],
    widget: origin(settings.verificationWidget.host),
    inline,
  };
}

const NOTHING = policy({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
const isApi = (url: string) => url.startsWith('/api/') || url.split('?')[0] === '/config.json';

export async function securityHeaders(app: FastifyInstance, sources: PagePolicySources) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: false, // per answer, below
    crossOriginEmbedderPolicy: false, // the sandbox frames and storage URLs are other origins
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: sources.appOrigin.startsWith('https:') ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  const pages = pagePolicy(sources);
  const permissions = `camera=("${sources.widget}"), microphone=("${sources.widget}")`;
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', permissions);
    // A route that serves inline code of its own (the development mailbox) sets its own policy.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', isApi(request.url) ? NOTHING : pages);
  });
}
