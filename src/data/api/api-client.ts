/**
 * The typed door to the API (SPEC §7): the base URL from runtime config, the bearer ID token
 * when signed in, `public/` in front of the path when not (SPEC §6), answers validated with
 * zod. A 5xx is rethrown as ServerError (SPEC §8) for the caller's error boundary. Requests
 * that are safe to repeat (all but POST) are retried on network, 429 and 5xx failures (SPEC §9),
 * after the wait a Retry-After names when it is short; otherwise a 429 ends as RateLimited, whose
 * message tells the user when to try again.
 */
import type * as z from 'zod/mini';
import { isRetryableStatus, RETRY_AFTER_WAIT_MAX_MS, retryAfterMs, RETRY_ATTEMPTS, retryDelayMs } from '../../domain/retry';
import { runtimeConfig } from './runtime-config';
import { tokenForCall } from '../session/session-store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The request field the API refused, when it named one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The message for a person: without the field name the API puts in front for its callers. */
  get reason(): string {
    return this.field && this.message.startsWith(`${this.field}: `) ? this.message.slice(this.field.length + 2) : this.message;
  }
}

export class ServerError extends ApiError {
  override name = 'ServerError';
}

/** Too many requests (429): the API says when to try again, and so does the message. */
export class RateLimited extends ApiError {
  override name = 'RateLimited';
  constructor(readonly retryAt: Date) {
    const minutes = Math.ceil((retryAt.getTime() - Date.now()) / 60_000);
    const at = retryAt.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    super(429, `Too many requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, at ${at}.`);
  }
}

/** The request never reached the API (offline, DNS, refused): not an answer, never a sign-out. */
export class NetworkError extends Error {
  override name = 'NetworkError';
  constructor() {
    super('Network Error');
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function apiUrl(path: string, token: string | undefined, baseUrl = runtimeConfig().apiBaseUrl): string {
  const relative = path.replace(/^\/+/, '');
  return `${baseUrl.replace(/\/+$/, '')}/${token ? relative : `public/${relative}`}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The browser knows it has no connection: a call fails at once instead of trying (and pausing) three times. */
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

async function send(method: Method, url: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  const repeatable = method !== 'POST';
  for (let attempt = 1; ; attempt++) {
    const last = !repeatable || attempt >= RETRY_ATTEMPTS;
    let answer: Response;
    if (offline()) throw new NetworkError();
    try {
      answer = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      if (last || offline()) throw new NetworkError();
      await sleep(retryDelayMs(attempt));
      continue;
    }
    if (last || !isRetryableStatus(answer.status)) return answer;
    const wait = retryAfterMs(answer.headers.get('retry-after')) ?? retryDelayMs(attempt);
    if (wait > RETRY_AFTER_WAIT_MAX_MS) return answer;
    await sleep(wait);
  }
}

/**
 * For route loaders: a record the URL names that does not exist, or is not the caller's (the API
 * answers 404, or 400 for an id that cannot be one), is the route's not-found screen, not a fatal error.
 */
export async function orNotFound<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw new Response(null, { status: 404 });
    throw error;
  }
}

/** `anonymous`: a `public/` call that never carries the session, even when one exists. */
export async function apiRequest<T>(
  method: Method,
  path: string,
  schema: z.ZodMiniType<T>,
  body?: unknown,
  options: { anonymous?: boolean } = {},
): Promise<T> {
  const token = options.anonymous ? undefined : await tokenForCall();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await send(method, apiUrl(path, token), headers, body);
  const payload: unknown = await answer.json().catch(() => undefined);
  if (!answer.ok) throw failure(answer, payload);
  return schema.parse(payload);
}

/** A file the API makes for the signed-in caller (a PDF): asked and retried like apiRequest, answered as a Blob. */
export async function apiFile(path: string): Promise<Blob> {
  const token = await tokenForCall();
  const answer = await send('GET', apiUrl(path, token), token ? { authorization: `Bearer ${token}` } : {}, undefined);
  if (!answer.ok) throw failure(answer, await answer.json().catch(() => undefined));
  return answer.blob();
}

/** The error for an answer that is not OK, with the API's message (and field) when it sent one. */
function failure(answer: Response, payload: unknown): ApiError {
  const { message, field } = (payload ?? {}) as { message?: unknown; field?: unknown };
  const retryAfter = retryAfterMs(answer.headers.get('retry-after'));
  if (answer.status === 429 && retryAfter !== undefined) return new RateLimited(new Date(Date.now() + retryAfter));
  if (answer.status >= 500) return new ServerError(answer.status, typeof message === 'string' ? message : `Server error ${answer.status}`);
  return new ApiError(
    answer.status,
    typeof message === 'string' ? message : `Request failed (${answer.status})`,
    typeof field === 'string' ? field : undefined,
  );
}
