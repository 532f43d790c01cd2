/**
 * Runtime configuration from `/config.json` (SPEC §7: the base URL comes from runtime
 * configuration), validated once at start-up. The keys are the deployment contract in docs/running-locally.md.
 * Like the other public-site data every first visit reads (content entries, the build manifest),
 * it is checked with valibot, whose checks tree-shake to a few hundred bytes; zod, which the
 * forms and the API layer use, costs ~10 KB gzip up front (issue 5's first-visit budget).
 */
import * as v from 'valibot';

const text = v.pipe(v.string(), v.minLength(1));
const url = v.pipe(v.string(), v.url());

export const runtimeConfigSchema = v.object({
  apiBaseUrl: text,
  contentBaseUrl: text,
  auth: v.object({
    region: text,
    userPoolId: v.pipe(v.string(), v.maxLength(55), v.regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'Invalid UserPoolId format.')),
    userPoolClientId: text,
    /** Present only for a local user pool; Amazon Cognito is addressed by region. */
    userPoolEndpoint: v.optional(url),
    oauth: v.optional(v.object({ domain: text, redirectUrl: url })),
    /** How sign-up is confirmed: a code typed in (default) or a link in the e-mail. */
    signUpVerificationMethod: v.optional(v.picklist(['code', 'link'])),
  }),
  storage: v.object({ region: text, bucket: v.pipe(v.string(), v.minLength(3), v.maxLength(63)) }),
  verificationWidget: v.object({
    host: url,
    environment: v.picklist(['sandbox', 'production']),
    templateId: text,
    /** The government-ID check before signing; the sandbox's template when absent. */
    governmentIdTemplateId: v.optional(text, 'itmpl_caramel_government_id'),
  }),
  /** An external help centre, or `/help` (the product's own) when none is configured. */
  helpCentreUrl: v.union([url, v.literal('/help')]),
  /** How often an open tab asks for a new build; one hour when absent. */
  updateCheckIntervalSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(5))),
  /** Notifications on devices, when the API can send them: the VAPID key to subscribe with; on the local stack, the push service's stand-in. */
  push: v.optional(v.object({ applicationServerKey: text, serviceStandIn: v.optional(url) })),
});

export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>;

export type ConfigResult = { ok: true; config: RuntimeConfig } | { ok: false; problem: string };

const POOL_KEYS = ['auth.userPoolId', 'auth.userPoolClientId'];
const POOL_IDS_REQUIRED = 'Both UserPoolId and ClientId are required.';

let loaded: RuntimeConfig | undefined;

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<ConfigResult> {
  let body: unknown;
  try {
    const answer = await fetchImpl('/config.json', { cache: 'no-cache' });
    if (!answer.ok) return { ok: false, problem: `/config.json answered HTTP ${answer.status}.` };
    body = await answer.json();
  } catch {
    return { ok: false, problem: '/config.json could not be read. Check your connection and reload.' };
  }
  const parsed = v.safeParse(runtimeConfigSchema, body, { abortEarly: false });
  if (!parsed.success) {
    // A missing key reads "auth: missing", not valibot's "Invalid key: Expected "auth" but received undefined".
    const fields = parsed.issues.map((issue) => {
      const path = v.getDotPath(issue) || '(root)';
      if (issue.received !== 'undefined') return `${path}: ${issue.message}`;
      // SPEC §8's wording for a user pool named without its id or its app client.
      return POOL_KEYS.includes(path) ? `${path}: ${POOL_IDS_REQUIRED}` : `${path}: missing`;
    });
    const list = fields.join('; ');
    return { ok: false, problem: `/config.json is not valid: ${list}${list.endsWith('.') ? '' : '.'}` };
  }
  loaded = parsed.output;
  return { ok: true, config: parsed.output };
}

/** The configuration loaded at start-up; main.tsx loads it before anything else runs. */
export function runtimeConfig(): RuntimeConfig {
  if (!loaded) throw new Error('Runtime configuration used before it was loaded');
  return loaded;
}
