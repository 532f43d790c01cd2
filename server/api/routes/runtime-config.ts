/** GET /config.json: the browser's runtime configuration (SPEC §7), never baked into the bundle. */
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../../config/settings';

/** Notifications, when this API can send them: the key browsers subscribe with, and on the local stack the push service's stand-in. */
export interface PushConfig {
  applicationServerKey: string;
  serviceStandIn?: string;
}

export function runtimeConfig(settings: Settings, push?: PushConfig) {
  return {
    apiBaseUrl: settings.apiBaseUrl,
    contentBaseUrl: settings.contentBaseUrl,
    auth: {
      region: settings.auth.region,
      userPoolId: settings.auth.userPoolId,
      userPoolClientId: settings.auth.userPoolClientId,
      ...(settings.auth.userPoolEndpoint ? { userPoolEndpoint: settings.auth.userPoolEndpoint } : {}),
      ...(settings.auth.oauth ? { oauth: settings.auth.oauth } : {}),
      signUpVerificationMethod: settings.auth.signUpVerificationMethod,
    },
    storage: { region: settings.storage.region, bucket: settings.storage.bucket },
    verificationWidget: settings.verificationWidget,
    helpCentreUrl: settings.helpCentreUrl,
    ...(settings.updateCheckIntervalSeconds ? { updateCheckIntervalSeconds: settings.updateCheckIntervalSeconds } : {}),
    ...(push ? { push } : {}),
  };
}

export function runtimeConfigRoutes(app: FastifyInstance, settings: Settings, push?: PushConfig) {
  const body = runtimeConfig(settings, push);
  app.get('/config.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(body));
}
