/** Composes the API: every route and its dependencies, nothing started or listening. */
import type { S3Client } from '@aws-sdk/client-s3';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { OpenDatabase } from '../db/client';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/outage';
import { createAuthenticate } from './guards/auth';
import { dealerApplicationRoutes } from './routes/dealer-applications';
import { dealerRoutes } from './routes/dealers';
import { devClockRoutes } from './routes/dev-clock';
import { devMailboxRoutes } from './routes/dev-mailbox';
import { deliveryRoutes } from './routes/delivery';
import { healthRoutes } from './routes/health';
import { runtimeConfigRoutes } from './routes/runtime-config';
import { offerRoutes } from './routes/offers';
import { partnerRoutes } from './routes/partners';
import { outboxRoutes } from './routes/outbox';
import { transactionRoutes } from './routes/transactions';
import { bankAccountRoutes } from './routes/bank-accounts';
import { signingRoutes } from './routes/signing';
import { timelineRoutes } from './routes/timeline';
import { webhookRoutes } from './routes/webhooks';
import { everyInterval } from './background-jobs';
import { releaseDueDeliveries } from '../commands/delivery';
import { handoverRoutes } from './routes/handover';
import { messageRoutes } from './routes/messages';
import { mailUnreadMessages } from '../commands/mail-unread-messages';
import { sandboxProviders, type Providers } from '../providers/providers';
import { uploadRoutes } from './routes/uploads';
import { userRoutes } from './routes/users';
import { pushRoutes } from './routes/push';
import { pushHandler } from '../effects/push';
import { vapidKeys } from '../modules/push/vapid';
import { createS3Client } from '../storage/s3-client';
import { cognitoUserPoolAdmin } from '../modules/users/user-pool-admin';
import { abortAbandonedUploads } from '../modules/uploads/abandoned-uploads';
import { devMailboxMailer, sesMailer } from '../providers/mailer';
import { mailHandler } from '../effects/mail';
import { providerRequestHandler } from '../effects/provider-requests';
import { createDispatcher, removeDeliveredEffects, type Handlers } from '../effects/dispatcher';
import { SUBSCRIBERS } from '../effects/subscriptions';
import { commandContext } from '../commands/context';
import { expireOffers } from '../commands/expire-offers';
import type { UnitOfWork } from '../kernel/unit-of-work';
import { removeOldChanges } from '../kernel/live-feed';
import { createLiveHub } from './live/live-hub';
import { liveRoutes } from './routes/live';
import { notificationRoutes } from './routes/notifications';
import type { Settings } from '../config/settings';
import { boundedJsonBodies } from './guards/json-bodies';
import { rateLimiting, removeSpentRateLimits, TooManyRequests } from './guards/rate-limits';
import { policySources, securityHeaders } from './guards/security-headers';
import { builtInlineHashes, staticFiles } from './static-files';

const RATE_LIMIT_CLEANUP_SECONDS = 600;
const LIVE_CLEANUP_SECONDS = 3600;
/** Offers are expired as they are read, too; this catches the ones nobody reads. */
const OFFER_EXPIRY_SECONDS = 600;
/** Unread messages are mailed 15 minutes after they were written: looking each minute keeps that to the minute. */
const UNREAD_MAIL_CHECK_SECONDS = 60;

export interface ApiDependencies {
  settings: Settings;
  database: OpenDatabase;
  s3: S3Client;
  /** Log at info level: to stdout, or to the stream given (a test reading what was logged). */
  logger?: boolean | NodeJS.WritableStream;
  /** Third-party adapters; the sandboxes at the widget host unless given. */
  providers?: Providers;
  /** Tests only: runs just before every command's commit (a failure injected there rolls the command back). */
  beforeCommit?: (uow: UnitOfWork) => Promise<void>;
}

export async function buildApi({
  settings,
  database,
  s3,
  logger = false,
  providers,
  beforeCommit,
}: ApiDependencies): Promise<FastifyInstance> {
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
    // The database away (stopped, restarting): the caller asks again shortly, and the API recovers by itself once it is back.
    if ((error.statusCode === undefined || error.statusCode >= 500) && isDatabaseUnavailable(error)) {
      request.log.warn({ error: error.message }, 'the database is not answering');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(503).send({ message: 'We cannot reach our records for a moment. Try again in a few seconds.' });
    }
    const status = error.statusCode ?? 500;
    if (error instanceof TooManyRequests) reply.header('retry-after', String(error.retryAfterSeconds));
    if (status >= 500) request.log.error(error);
    if (status >= 500) return reply.code(status).send({ message: 'Something went wrong on our side. Please try again.' });
    return reply.code(status).send(error.field ? { message: error.message, field: error.field } : { message: error.message });
  });

  boundedJsonBodies(app);
  // Text answers (HTML, JS, CSS, JSON, Markdown) go out gzip/brotli-compressed when the client accepts it.
  await app.register(fastifyCompress, { threshold: 1024 });
  const adapters = providers ?? sandboxProviders(settings.verificationWidget);
  const runtime = { helpCentreUrl: settings.helpCentreUrl };
  await securityHeaders(app, policySources(settings, adapters, builtInlineHashes(settings.staticDir, runtime)));
  await rateLimiting(app, database.db);
  everyInterval(app, 'removing spent rate-limit counters', () => removeSpentRateLimits(database.db), RATE_LIMIT_CLEANUP_SECONDS);

  healthRoutes(app, { pingDatabase: database.ping, s3, bucket: settings.storage.bucket, jwksUrl: settings.auth.jwksUrl });
  const vapid = vapidKeys({ ...settings, vapid: settings.push.vapid });
  if (!vapid) app.log.warn('no VAPID keys configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY): notifications on devices are off');
  const standInUrl = settings.localStack ? settings.push.standInUrl : undefined;
  runtimeConfigRoutes(app, settings, vapid && { applicationServerKey: vapid.publicKey, ...(standInUrl && { serviceStandIn: standInUrl }) });
  const userPoolAdmin = cognitoUserPoolAdmin({
    region: settings.auth.region,
    userPoolId: settings.auth.userPoolId,
    endpoint: settings.auth.userPoolEndpoint,
    credentials: settings.auth.adminCredentials,
  });
  const mailer = settings.mail ? sesMailer(settings.mail) : settings.devMailboxFile ? devMailboxMailer(settings.devMailboxFile) : undefined;
  if (!mailer) app.log.warn('no mail provider configured (MAIL_FROM): notifications are queued, not sent');
  // The outbox's deliveries after each commit (DESIGN §13): mail, and requests to providers that answer later.
  const handlers: Handlers = {
    'provider request': providerRequestHandler(database.db, adapters, settings.providers.callbackUrl),
    ...(mailer && { mail: mailHandler(database.db, mailer, settings.appOrigin) }),
    ...(vapid && { push: pushHandler(database.db, vapid) }),
  };
  const dispatcher = createDispatcher(database.db, handlers, app.log);
  app.addHook('onClose', () => dispatcher.stop());
  everyInterval(app, 'delivering the outbox', () => dispatcher.run(), settings.providers.dispatchIntervalSeconds);
  everyInterval(app, 'removing delivered effects', () => removeDeliveredEffects(database.db), LIVE_CLEANUP_SECONDS);
  const hub = await createLiveHub(database);
  const ctx = commandContext({
    db: database.db,
    providers: adapters,
    appOrigin: settings.appOrigin,
    subscribers: SUBSCRIBERS,
    committed: () => dispatcher.wake(),
    liveWritten: (entries) => hub.ring(entries),
    beforeCommit,
    deliveryHours: settings.delivery.confirmationHours,
  });
  everyInterval(app, 'expiring offers that ran out', () => expireOffers(ctx), OFFER_EXPIRY_SECONDS);
  userRoutes(app, { ctx, authenticate, userPoolAdmin });
  pushRoutes(app, { ctx, authenticate, enabled: Boolean(vapid), standInUrl });
  offerRoutes(app, { ctx, authenticate });
  notificationRoutes(app, { ctx, authenticate });
  messageRoutes(app, { ctx, authenticate });
  everyInterval(app, 'mailing unread messages', () => mailUnreadMessages(ctx), UNREAD_MAIL_CHECK_SECONDS);
  // Open streams would hold the server open; their tabs reconnect (to another process, behind a load balancer).
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', () => hub.close());
  liveRoutes(app, { ctx, authenticate, hub });
  everyInterval(app, 'removing old live notices', () => removeOldChanges(database.db), LIVE_CLEANUP_SECONDS);
  transactionRoutes(app, { ctx, authenticate });
  bankAccountRoutes(app, { ctx, authenticate });
  dealerRoutes(app, { ctx, authenticate });
  dealerApplicationRoutes(app, { ctx, authenticate });
  partnerRoutes(app, { ctx, authenticate });
  outboxRoutes(app, { ctx, authenticate });
  const { publicEndpoint } = settings.storage;
  const presigner = publicEndpoint ? createS3Client({ ...settings.storage, endpoint: publicEndpoint }) : s3;
  const storage = { db: database.db, s3, presigner, bucket: settings.storage.bucket };
  const signing = {
    s3,
    presigner,
    bucket: settings.storage.bucket,
    appOrigin: settings.appOrigin,
    callbackUrl: settings.providers.callbackUrl,
  };
  signingRoutes(app, { ctx, authenticate, signing });
  timelineRoutes(app, { ctx, authenticate });
  webhookRoutes(app, { ctx, secrets: settings.providers.webhookSecrets, signing });
  uploadRoutes(app, { ctx, storage, authenticate });
  handoverRoutes(app, { ctx, storage, authenticate });
  deliveryRoutes(app, { ctx, storage, authenticate });
  // The release after the handover: a deal whose clock ran out while no process was running is released on the first look after.
  everyInterval(app, 'releasing deliveries whose clock ran out', () => releaseDueDeliveries(ctx), settings.delivery.checkIntervalSeconds, {
    atStart: true,
  });
  if (settings.localStack) devClockRoutes(app, { ctx, authenticate });
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
