/**
 * Local identity: cognito-local's server, run inside the identity service's
 * process (identity-service.ts, which npm start runs as a child), with its data under
 * `<dataDir>/identity`, the extensions Amplify v6 needs (identity-extensions.ts), and codes
 * delivered to the development mailbox. On first start it creates the user pool (e-mail as
 * username, SPEC §5 password policy, optional MFA) and an app client; later starts reuse them.
 * Beside it runs the pool's hosted sign-in (hosted-sign-in/) on an HTTPS port of its own, with
 * the app client registered for it on every start (the app's origins may change with PORT).
 */
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { createServer } from 'cognito-local/lib/server/server.js';
import { Router } from 'cognito-local/lib/server/Router.js';
import { DefaultConfig, type Config } from 'cognito-local/lib/server/config.js';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services/index.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import { CryptoService } from 'cognito-local/lib/services/crypto.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import { z } from 'zod';
import { BRAND } from '../../src/domain/brand';
import { PASSWORD_POLICY } from '../../src/domain/password-policy';
import { OAUTH_SCOPES, POOL_PROVIDER_NAMES } from '../../src/domain/social-sign-in';
import { KEEP_ORIGINAL_EMAIL, VerifiedClaimsTokenGenerator, withExtensions } from './identity-extensions';
import { appendToMailbox } from '../providers/dev-mailbox';
import { signInCertificate } from './hosted-sign-in/certificate';
import { startHostedSignIn } from './hosted-sign-in/sign-in-server';

export interface IdentityOptions {
  host: string;
  port: number;
  /** The hosted sign-in's HTTPS port. */
  signInPort: number;
  dataDir: string;
  mailboxFile: string;
  /** The app's origins: where the hosted sign-in may send people back (`/sign-in`, `/sign-out`). */
  appOrigins: string[];
}

export interface IdentityInfo {
  endpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The hosted sign-in's domain (host:port), as `/config.json`'s `auth.oauth.domain`. */
  oauthDomain: string;
  /** The certificate authority to trust once for the hosted sign-in. */
  signInCaFile: string;
  /** Base64 SHA-256 of the hosted sign-in certificate's public key (Chromium's --ignore-certificate-errors-spki-list). */
  signInSpki: string;
}

/** The app client's hosted sign-in settings: code flow, the scopes, the providers, the app's return addresses. */
async function registerForHostedSignIn(
  router: ReturnType<typeof Router>,
  ctx: object,
  pool: z.infer<typeof poolRecordSchema>,
  origins: string[],
) {
  await router('UpdateUserPoolClient')(ctx as never, {
    UserPoolId: pool.userPoolId,
    ClientId: pool.userPoolClientId,
    AllowedOAuthFlows: ['code'],
    AllowedOAuthFlowsUserPoolClient: true,
    AllowedOAuthScopes: OAUTH_SCOPES,
    SupportedIdentityProviders: ['COGNITO', ...Object.values(POOL_PROVIDER_NAMES)],
    CallbackURLs: origins.map((origin) => `${origin}/sign-in`),
    LogoutURLs: origins.map((origin) => `${origin}/sign-out`),
  });
}

const poolRecordSchema = z.object({ userPoolId: z.string(), userPoolClientId: z.string() });

// cognito-local logs through pino-http, so it needs its own pino; warnings are its normal
// answers to wrong passwords and codes, which the app shows the user, so only errors print.
const cognitoRequire = createRequire(createRequire(import.meta.url).resolve('cognito-local'));
const pino = cognitoRequire('pino') as (options: object) => never;

class MailboxSender implements MessageSender {
  constructor(private readonly file: string) {}
  async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: MailboxInput) {
    this.deliver('email', destination, message);
  }
  async sendSms(_ctx: unknown, _user: unknown, destination: string, message: MailboxInput) {
    this.deliver('sms', destination, message);
  }
  private deliver(channel: 'email' | 'sms', to: string, message: MailboxInput) {
    appendToMailbox(this.file, {
      to,
      channel,
      subject: message.emailSubject,
      body: channel === 'email' ? message.emailMessage : message.smsMessage,
      code: message.__code,
      sentAt: new Date().toISOString(),
    });
    console.log(`[identity] ${channel} code ${message.__code ?? '(none)'} for ${to}`);
  }
}
type MailboxInput = { __code?: string; emailSubject?: string; emailMessage?: string; smsMessage?: string };

export async function startIdentity(options: IdentityOptions): Promise<IdentityInfo & { close(): Promise<void> }> {
  const dir = join(options.dataDir, 'identity');
  const dbDir = join(dir, 'db');
  mkdirSync(dbDir, { recursive: true });
  const endpoint = `http://${options.host}:${options.port}`;
  const config: Config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: endpoint },
    ServerConfig: { port: options.port, hostname: options.host, development: false, https: false },
  };
  const ctx = { logger: pino({ level: 'error' }) };
  const clock = new DateClock();
  const dataStores = new StormDBDataStoreFactory(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(dbDir, dataStores, new UserPoolServiceFactoryImpl(clock, dataStores)).create(
    ctx as never,
    config.UserPoolDefaults,
  );
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, null as never),
    new CryptoService(config.KMSConfig),
  );
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(new MailboxSender(options.mailboxFile))),
    otp,
    tokenGenerator: new VerifiedClaimsTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = withExtensions(Router(services), services);
  const pool = await ensurePool(router, ctx, join(dir, 'pool.json'), dbDir);
  // Pools made before this setting existed get it too (a plain UpdateUserPool would reset the others).
  const userPool = await cognito.getUserPool(ctx as never, pool.userPoolId);
  await userPool.updateOptions(ctx as never, { ...userPool.options, UserAttributeUpdateSettings: KEEP_ORIGINAL_EMAIL });
  await registerForHostedSignIn(router, ctx, pool, options.appOrigins);
  const server: Server = (await createServer(router, ctx.logger, config.ServerConfig, services).start()) as Server;
  const certificate = await signInCertificate(options.dataDir);
  const hosted = await startHostedSignIn({
    host: options.host,
    port: options.signInPort,
    dir: join(options.dataDir, 'hosted-sign-in'),
    certificate,
    services,
    router,
    userPoolId: pool.userPoolId,
    appOrigins: options.appOrigins,
  });
  return {
    endpoint,
    ...pool,
    oauthDomain: hosted.domain,
    signInCaFile: certificate.caFile,
    signInSpki: certificate.spki,
    close: async () => {
      await hosted.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function ensurePool(
  router: ReturnType<typeof Router>,
  ctx: object,
  recordFile: string,
  dbDir: string,
): Promise<z.infer<typeof poolRecordSchema>> {
  if (existsSync(recordFile)) {
    const record = poolRecordSchema.parse(JSON.parse(readFileSync(recordFile, 'utf8')));
    if (existsSync(join(dbDir, `${record.userPoolId}.json`))) return record;
  }
  const { UserPool } = (await router('CreateUserPool')(ctx as never, {
    PoolName: BRAND.slug,
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    UserAttributeUpdateSettings: KEEP_ORIGINAL_EMAIL,
    MfaConfiguration: 'OPTIONAL',
    EnabledMfas: ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'],
    Policies: {
      PasswordPolicy: {
        MinimumLength: PASSWORD_POLICY.minimumLength,
        RequireLowercase: PASSWORD_POLICY.requireLowercase,
        RequireUppercase: PASSWORD_POLICY.requireUppercase,
        RequireSymbols: PASSWORD_POLICY.requireSymbols,
        RequireNumbers: PASSWORD_POLICY.requireNumbers,
      },
    },
  })) as { UserPool: { Id: string } };
  const { UserPoolClient } = (await router('CreateUserPoolClient')(ctx as never, {
    UserPoolId: UserPool.Id,
    ClientName: `${BRAND.slug}-web`,
    GenerateSecret: false,
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    // Amazon Cognito's defaults; cognito-local would otherwise issue 24-hour access tokens.
    AccessTokenValidity: 60,
    IdTokenValidity: 60,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  })) as { UserPoolClient: { ClientId: string } };
  const record = { userPoolId: UserPool.Id, userPoolClientId: UserPoolClient.ClientId };
  writeFileSync(recordFile, JSON.stringify(record, null, 2));
  return record;
}
