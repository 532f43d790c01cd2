/** GET /config.json: the browser's runtime configuration (SPEC §7), never baked into the bundle. */
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../../config/settings';

export function runtimeConfig(settings: Settings) {
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
  };
}

export function runtimeConfigRoutes(app: FastifyInstance, settings: Settings) {
  const body = runtimeConfig(settings);
  app.get('/config.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send(body));
}
