/**
 * Runtime configuration from `/config.json` (SPEC §7: the base URL comes from runtime
 * configuration), validated once at start-up. The keys are the deployment contract in README.md.
 * zod/mini here and in the other modules every page loads keeps the first visit small.
 */
import * as z from 'zod/mini';

export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string().check(z.minLength(1)),
  contentBaseUrl: z.string().check(z.minLength(1)),
  auth: z.object({
    region: z.string().check(z.minLength(1)),
    userPoolId: z.string().check(z.maxLength(55), z.regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'Invalid UserPoolId format.')),
    userPoolClientId: z.string().check(z.minLength(1)),
    /** Present only for a local user pool; Amazon Cognito is addressed by region. */
    userPoolEndpoint: z.optional(z.url()),
    oauth: z.optional(z.object({ domain: z.string().check(z.minLength(1)), redirectUrl: z.url() })),
    /** How sign-up is confirmed: a code typed in (default) or a link in the e-mail. */
    signUpVerificationMethod: z.optional(z.enum(['code', 'link'])),
  }),
  storage: z.object({ region: z.string().check(z.minLength(1)), bucket: z.string().check(z.minLength(3), z.maxLength(63)) }),
  verificationWidget: z.object({
    host: z.url(),
    environment: z.enum(['sandbox', 'production']),
    templateId: z.string().check(z.minLength(1)),
  }),
  helpCentreUrl: z.url(),
  /** How often an open tab asks for a new build; one hour when absent. */
  updateCheckIntervalSeconds: z.optional(z.int().check(z.minimum(5))),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export type ConfigResult = { ok: true; config: RuntimeConfig } | { ok: false; problem: string };

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
  const parsed = runtimeConfigSchema.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, problem: `/config.json is not valid: ${fields.join('; ')}.` };
  }
  loaded = parsed.data;
  return { ok: true, config: parsed.data };
}

/** The configuration loaded at start-up; main.tsx loads it before anything else runs. */
export function runtimeConfig(): RuntimeConfig {
  if (!loaded) throw new Error('Runtime configuration used before it was loaded');
  return loaded;
}
