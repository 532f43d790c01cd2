/** Composes the API: every route and its dependencies, nothing started or listening. */
import type { S3Client } from '@aws-sdk/client-s3';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { OpenDatabase } from '../db/client';
import { createAuthenticate } from './auth';
import { dealerRoutes } from './routes/dealers';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { healthRoutes } from './routes/health';
import { runtimeConfigRoutes } from './routes/runtime-config';
import { offerRoutes } from './routes/offers';
import { partnerRoutes } from './routes/partners';
import { transactionRoutes } from './routes/transactions';
import { bankAccountRoutes } from './routes/bank-accounts';
import { signingRoutes } from './routes/signing';
import { timelineRoutes } from './routes/timeline';
import { webhookRoutes } from './routes/webhooks';
import { dispatchProviderRequests } from '../kernel/provider-requests';
import { everyInterval } from './background-jobs';
import { sandboxProviders, type Providers } from '../providers/providers';
import { uploadRoutes } from './routes/uploads';
import { userRoutes } from './routes/users';
import { createS3Client } from '../storage/s3-client';
import { cognitoUserPoolAdmin } from '../modules/users/user-pool-admin';
import { abortAbandonedUploads } from '../modules/uploads/abandoned-uploads';
import { deliverPending, devMailboxMailer, sesMailer } from '../effects/mail';
import { removeOldChanges } from '../kernel/live-feed';
import { createLiveHub } from './live/live-hub';
import { liveRoutes } from './routes/live';
import { notificationRoutes } from './routes/notifications';
import type { Settings } from './settings';
import { rateLimiting, removeSpentRateLimits, TooManyRequests } from './rate-limits';
import { policySources, securityHeaders } from './security-headers';
import { builtInlineHashes, staticFiles } from './static-files';

const RATE_LIMIT_CLEANUP_SECONDS = 600;
const LIVE_CLEANUP_SECONDS = 3600;

export interface ApiDependencies {
  settings: Settings;
  database: OpenDatabase;
  s3: S3Client;
  /** Log at info level: to stdout, or to the stream given (a test reading what was logged). */
  logger?: boolean | NodeJS.WritableStream;
  /** Third-party adapters; the sandboxes at the widget host unless given. */
  providers?: Providers;
}

export async function buildApi({ settings, database, s3, logger = false, providers }: ApiDependencies): Promise<FastifyInstance> {
  // X-Forwarded-* is believed only from the configured proxies; anyone else could forge the client's address.
  const app = Fastify({
    logger: logger === true ? { level: 'info' } : logger ? { level: 'info', stream: logger } : false,
    trustProxy: settings.trustedProxies.length ? settings.trustedProxies : false,
  });
  const authenticate = createAuthenticate({
    issuer: settings.auth.issuer,
    jwksUrl: settings.auth.jwksUrl,
    clientId: settings.auth.userPoolClientId,
  });

  app.setErrorHandler((error: Error & { statusCode?: number; field?: string }, request, reply) => {
    // Input the boundary checks missed and the database refused as data (SQLSTATE class 22) is still the caller's to fix.
    if (error.statusCode === undefined && isDataException(error)) {
      request.log.warn({ error: error.message }, 'database refused a value the boundary let through');
      return reply.code(400).send({ message: 'A value in this request cannot be stored. Check what was entered and try again.' });
    }
    const status = error.statusCode ?? 500;
    if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
    if (status >= 500) request.log.error(error);
    if (status >= 500) return reply.code(status).send({ message: 'Something went wrong on our side. Please try again.' });
    return reply.code(status).send(error.field ? { message: error.message, field: error.field } : { message: error.message });
  });

  // Text answers (HTML, JS, CSS, JSON, Markdown) go out gzip/brotli-compressed when the client accepts it.
  await app.register(fastifyCompress, { threshold: 1024 });
  const adapters = providers ?? sandboxProviders(settings.verificationWidget.host);
  const runtime = { helpCentreUrl: settings.helpCentreUrl };
  await securityHeaders(app, policySources(settings, adapters, builtInlineHashes(settings.staticDir, runtime)));
  await rateLimiting(app, database.db);
  everyInterval(app, 'removing spent rate-limit counters', () => removeSpentRateLimits(database.db), RATE_LIMIT_CLEANUP_SECONDS);

  healthRoutes(app, { pingDatabase: database.ping, s3, bucket: settings.storage.bucket, jwksUrl: settings.auth.jwksUrl });
  runtimeConfigRoutes(app, settings);
  const userPoolAdmin = cognitoUserPoolAdmin({
    region: settings.auth.region,
    userPoolId: settings.auth.userPoolId,
    endpoint: settings.auth.userPoolEndpoint,
    credentials: settings.auth.adminCredentials,
  });
  userRoutes(app, { db: database.db, authenticate, userPoolAdmin });
  const mailer = settings.mail ? sesMailer(settings.mail) : settings.devMailboxFile ? devMailboxMailer(settings.devMailboxFile) : undefined;
  if (!mailer) app.log.warn('no mail provider configured (MAIL_FROM): notifications are queued, not sent');
  const deliver = () => deliverPending(database.db, mailer, settings.appOrigin);
  offerRoutes(app, { db: database.db, authenticate, deliver, appOrigin: settings.appOrigin });
  notificationRoutes(app, { db: database.db, authenticate });
  const hub = await createLiveHub(database);
  // Open streams would hold the server open; their tabs reconnect (to another process, behind a load balancer).
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', () => hub.close());
  liveRoutes(app, { db: database.db, authenticate, hub });
  everyInterval(app, 'removing old live notices', () => removeOldChanges(database.db), LIVE_CLEANUP_SECONDS);
  const dispatch = () => dispatchProviderRequests(database.db, adapters, settings.providers.callbackUrl);
  transactionRoutes(app, { db: database.db, authenticate, providers: adapters, dispatch, deliver });
  bankAccountRoutes(app, { db: database.db, authenticate, providers: adapters, appOrigin: settings.appOrigin });
  dealerRoutes(app, { db: database.db, authenticate, providers: adapters, dispatch });
  partnerRoutes(app, { db: database.db, authenticate, deliver, appOrigin: settings.appOrigin });
  const { publicEndpoint } = settings.storage;
  const presigner = publicEndpoint ? createS3Client({ ...settings.storage, endpoint: publicEndpoint }) : s3;
  const storage = { db: database.db, s3, presigner, bucket: settings.storage.bucket };
  const signing = { ...storage, providers: adapters, appOrigin: settings.appOrigin, callbackUrl: settings.providers.callbackUrl };
  signingRoutes(app, { authenticate, signing });
  timelineRoutes(app, { db: database.db, authenticate });
  webhookRoutes(app, { db: database.db, providers: adapters, secret: settings.providers.webhookSecret, dispatch, signing });
  everyInterval(app, 'handing requests to providers', dispatch, settings.providers.dispatchIntervalSeconds);
  // Requests mail right after the change they make; mail written with a change made by a provider's webhook or a rule
  // (a closing, a payment returned, a payout released) or a send that failed goes out on the same beat.
  everyInterval(app, 'delivering mail', deliver, settings.providers.dispatchIntervalSeconds);
  uploadRoutes(app, { ...storage, authenticate });
  everyInterval(app, 'abandoned-upload clean-up', () => abortAbandonedUploads(storage), settings.storage.cleanupIntervalSeconds);
  if (settings.devMailboxFile) devMailboxRoutes(app, settings.devMailboxFile);
  await staticFiles(app, settings.staticDir, runtime);
  return app;
}

/** PostgreSQL's data exceptions (invalid text, out-of-range values), also when drizzle wraps them. */
function isDataException(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return (typeof code === 'string' && code.startsWith('22')) || (cause !== undefined && isDataException(cause));
}
