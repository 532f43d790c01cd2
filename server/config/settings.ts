/**
 * API settings, read once from the environment and validated. These are the deployment
 * contract documented in docs/deploying.md; `/config.json` is derived from them.
 */
import { z } from 'zod';
import { DELIVERY_CONFIRMATION_HOURS } from '../../src/domain/delivery';
import { secretsFromEnvironment, secretVariable, WEBHOOK_SENDERS } from '../providers/webhook-secrets';

const optionalUrl = z.url().optional();

/** Each provider's webhook secret (Standard Webhooks, `whsec_…`), and the one before it during a rotation (webhook-secrets.ts). */
const webhookSecretVariables = Object.fromEntries(
  WEBHOOK_SENDERS.flatMap((sender) => [secretVariable(sender), `${secretVariable(sender)}_PREVIOUS`]).map((name) => [
    name,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{20,}$/, `${name} must be a whsec_… signing secret`)
      .optional(),
  ]),
);

const envSchema = z.object({
  ...webhookSecretVariables,
  NODE_ENV: z.string().default('development'),
  /** Set by `npm start` only: turns on the local-only conveniences (a local user pool, the development mailbox). */
  LOCAL_STACK: z.enum(['true', 'false']).default('false'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('.data'),
  /** The public origin of the app: links in mail are built from it, never from request headers. */
  APP_ORIGIN: z.url().optional(),
  /** Proxies (addresses or CIDR ranges, comma-separated) whose X-Forwarded-* headers are believed. */
  TRUSTED_PROXIES: z.string().optional(),
  DATABASE_URL: optionalUrl,
  STATIC_DIR: z.string().default('dist'),
  API_BASE_URL: z.string().default('/api'),
  CONTENT_BASE_URL: z.string().default('/content'),
  /** An external help centre; without one, help links lead to the product's own `/help`. */
  HELP_CENTRE_URL: z.union([z.url(), z.literal('/help')]).default('/help'),
  AUTH_REGION: z.string().default('us-west-2'),
  AUTH_USER_POOL_ID: z
    .string()
    .regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'Invalid UserPoolId format.')
    .max(55),
  AUTH_USER_POOL_CLIENT_ID: z.string().min(1),
  /** Only for a local user pool (cognito-local); absent for Amazon Cognito. */
  AUTH_USER_POOL_ENDPOINT: optionalUrl,
  AUTH_OAUTH_DOMAIN: z.string().optional(),
  AUTH_OAUTH_REDIRECT_URL: optionalUrl,
  /** `link` when the pool confirms sign-ups with a link in the e-mail instead of a code. */
  AUTH_SIGN_UP_VERIFICATION_METHOD: z.enum(['code', 'link']).default('code'),
  STORAGE_REGION: z.string().default('us-west-2'),
  STORAGE_BUCKET: z.string().min(3).max(63),
  /** Only for a local S3-compatible server; absent for Amazon S3. */
  STORAGE_ENDPOINT: optionalUrl,
  /** Where browsers reach storage, when not at STORAGE_ENDPOINT (a proxy or CDN in front of it); presigned URLs are signed for it. */
  STORAGE_PUBLIC_ENDPOINT: optionalUrl,
  /** How often the API aborts multipart uploads nobody owns any more. */
  UPLOAD_CLEANUP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(3600),
  STORAGE_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_SECRET_ACCESS_KEY: z.string().optional(),
  VERIFICATION_WIDGET_HOST: z.url().default('https://inquiry.withpersona.com'),
  VERIFICATION_WIDGET_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** The verification flow (inquiry template) the identity step starts. */
  VERIFICATION_WIDGET_TEMPLATE_ID: z.string().min(1).default('itmpl_caramel_identity'),
  /** The government-ID check the signature step starts before signing (SPEC §4.2 gov_id statuses). */
  VERIFICATION_WIDGET_GOVERNMENT_ID_TEMPLATE_ID: z.string().min(1).default('itmpl_caramel_government_id'),
  UPDATE_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(5).optional(),
  /** Until when each provider's `WEBHOOK_SECRET_…_PREVIOUS` is still accepted (an ISO time): a rotation's window. */
  WEBHOOK_SECRET_ROTATION_UNTIL: z.iso.datetime({ offset: true }).optional(),
  /** Where providers send their webhooks: this API's address as they reach it (default http://HOST:PORT). */
  PROVIDER_CALLBACK_URL: optionalUrl,
  /** How often requests a provider could not take are tried again. */
  PROVIDER_DISPATCH_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(2),
  /** Hours after the handover until the money that waits on delivery is released, unless the buyer confirms sooner or raises a problem. */
  DELIVERY_CONFIRMATION_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(DELIVERY_CONFIRMATION_HOURS),
  /** How often the API looks for deliveries whose clock has run out. */
  DELIVERY_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Local stack only: where the identity sandbox drops codes (server/providers/dev-mailbox.ts). */
  DEV_MAILBOX_FILE: z.string().optional(),
  /** Mail about offers goes out through Amazon SES (v2) when MAIL_FROM is set. */
  MAIL_FROM: z.email().optional(),
  MAIL_SES_REGION: z.string().default('us-west-2'),
  /** Only to point the SES client at a stand-in (tests); absent for Amazon SES. */
  MAIL_SES_ENDPOINT: optionalUrl,
  /** Web Push (VAPID, RFC 8292): the key pair push services check every push against, base64url; both or neither. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url P-256 private key (43 characters)')
    .optional(),
  /** How a push service can reach you about your pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: URL')
    .optional(),
  /** Local stack only: the push-service stand-in whose endpoints subscriptions may name (a browser's push service cannot be reached here). */
  PUSH_STAND_IN_URL: optionalUrl,
});

export type Settings = ReturnType<typeof loadSettings>;

/** `npm start`'s default origin, for APP_ORIGIN when unset outside production. */
const LOCAL_APP_ORIGIN = 'http://127.0.0.1:8080';

export function loadSettings(env: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid API settings: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.APP_ORIGIN)
    throw new Error(
      'Invalid API settings: APP_ORIGIN: set the public origin of the app (such as https://app.example.com); links in mail are built from it',
    );
  const issuer = e.AUTH_USER_POOL_ENDPOINT
    ? `${e.AUTH_USER_POOL_ENDPOINT.replace(/\/$/, '')}/${e.AUTH_USER_POOL_ID}`
    : `https://cognito-idp.${e.AUTH_REGION}.amazonaws.com/${e.AUTH_USER_POOL_ID}`;
  const settings = {
    production: e.NODE_ENV === 'production',
    localStack: e.LOCAL_STACK === 'true',
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    appOrigin: new URL(e.APP_ORIGIN ?? LOCAL_APP_ORIGIN).origin,
    trustedProxies:
      e.TRUSTED_PROXIES?.split(',')
        .map((entry) => entry.trim())
        .filter(Boolean) ?? [],
    databaseUrl: e.DATABASE_URL,
    staticDir: e.STATIC_DIR,
    apiBaseUrl: e.API_BASE_URL,
    contentBaseUrl: e.CONTENT_BASE_URL,
    helpCentreUrl: e.HELP_CENTRE_URL,
    updateCheckIntervalSeconds: e.UPDATE_CHECK_INTERVAL_SECONDS,
    auth: {
      region: e.AUTH_REGION,
      userPoolId: e.AUTH_USER_POOL_ID,
      userPoolClientId: e.AUTH_USER_POOL_CLIENT_ID,
      userPoolEndpoint: e.AUTH_USER_POOL_ENDPOINT,
      issuer,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
      oauth:
        e.AUTH_OAUTH_DOMAIN && e.AUTH_OAUTH_REDIRECT_URL
          ? { domain: e.AUTH_OAUTH_DOMAIN, redirectUrl: e.AUTH_OAUTH_REDIRECT_URL }
          : undefined,
      signUpVerificationMethod: e.AUTH_SIGN_UP_VERIFICATION_METHOD,
      // The local pool checks no signature; Amazon Cognito gets the AWS credentials chain's.
      adminCredentials: e.LOCAL_STACK === 'true' ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined,
    },
    storage: {
      region: e.STORAGE_REGION,
      bucket: e.STORAGE_BUCKET,
      endpoint: e.STORAGE_ENDPOINT,
      publicEndpoint: e.STORAGE_PUBLIC_ENDPOINT,
      cleanupIntervalSeconds: e.UPLOAD_CLEANUP_INTERVAL_SECONDS,
      credentials:
        e.STORAGE_ACCESS_KEY_ID && e.STORAGE_SECRET_ACCESS_KEY
          ? { accessKeyId: e.STORAGE_ACCESS_KEY_ID, secretAccessKey: e.STORAGE_SECRET_ACCESS_KEY }
          : undefined,
    },
    verificationWidget: {
      host: e.VERIFICATION_WIDGET_HOST,
      environment: e.VERIFICATION_WIDGET_ENVIRONMENT,
      templateId: e.VERIFICATION_WIDGET_TEMPLATE_ID,
      governmentIdTemplateId: e.VERIFICATION_WIDGET_GOVERNMENT_ID_TEMPLATE_ID,
    },
    providers: {
      webhookSecrets: secretsFromEnvironment(
        e as unknown as Record<string, string | undefined>,
        e.WEBHOOK_SECRET_ROTATION_UNTIL ? new Date(e.WEBHOOK_SECRET_ROTATION_UNTIL) : null,
      ),
      callbackUrl: e.PROVIDER_CALLBACK_URL ?? `http://${e.HOST}:${e.PORT}`,
      dispatchIntervalSeconds: e.PROVIDER_DISPATCH_INTERVAL_SECONDS,
    },
    delivery: { confirmationHours: e.DELIVERY_CONFIRMATION_HOURS, checkIntervalSeconds: e.DELIVERY_CHECK_INTERVAL_SECONDS },
    devMailboxFile: e.DEV_MAILBOX_FILE,
    mail: e.MAIL_FROM ? { from: e.MAIL_FROM, region: e.MAIL_SES_REGION, endpoint: e.MAIL_SES_ENDPOINT } : undefined,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
          : undefined,
      standInUrl: e.PUSH_STAND_IN_URL,
    },
  };
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new Error(
      'Invalid API settings: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (a pair from `npx web-push generate-vapid-keys`) or neither',
    );
  assertLocalOnlyConveniences(settings);
  return settings;
}

const AMAZON_COGNITO_ISSUER = /^https:\/\/cognito-idp\.[a-z0-9-]+\.amazonaws\.com\/[\w-]+_[0-9a-zA-Z]+$/;

/**
 * Fail closed: what only a developer's machine may have is on only when the local stack turns it
 * on (LOCAL_STACK=true, which `npm start` passes), never merely because NODE_ENV is not
 * production. cognito-local signs every token with a private key published in its npm package,
 * so an API trusting it accepts tokens anyone can mint; the mailbox shows sign-in codes.
 */
function assertLocalOnlyConveniences(settings: {
  production: boolean;
  localStack: boolean;
  auth: { issuer: string };
  devMailboxFile?: string;
  push: { standInUrl?: string };
}) {
  if (settings.localStack && settings.production) {
    throw new Error('Refusing to start: LOCAL_STACK=true turns on local-only conveniences and cannot be set with NODE_ENV=production.');
  }
  if (settings.localStack) return;
  if (!AMAZON_COGNITO_ISSUER.test(settings.auth.issuer)) {
    throw new Error(
      `Refusing to start: the token issuer ${settings.auth.issuer} is not Amazon Cognito. A local user pool signs tokens with a ` +
        'publicly known key, so only the local stack (LOCAL_STACK=true, set by npm start) may trust one; otherwise unset AUTH_USER_POOL_ENDPOINT.',
    );
  }
  if (settings.devMailboxFile) {
    throw new Error(
      'Refusing to start: DEV_MAILBOX_FILE exposes sign-in codes and is only for the local stack (LOCAL_STACK=true); unset it.',
    );
  }
  if (settings.push.standInUrl) {
    throw new Error(
      'Refusing to start: PUSH_STAND_IN_URL lets subscriptions name a local address for the API to call and is only for the local stack (LOCAL_STACK=true); unset it.',
    );
  }
}
