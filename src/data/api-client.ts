/**
 * The typed door to the API (SPEC §7): the base URL from runtime config, the bearer ID token
 * when signed in, `public/` in front of the path when not (SPEC §6), answers validated with
 * zod. A 5xx is rethrown as ServerError (SPEC §8) for the caller's error boundary.
 */
import type { z } from 'zod';
import { runtimeConfig } from './runtime-config';
import { currentIdToken } from './session-store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class ServerError extends ApiError {
  override name = 'ServerError';
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

export async function apiRequest<T>(method: Method, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
  const token = currentIdToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let answer: Response;
  try {
    answer = await fetch(apiUrl(path, token), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new NetworkError();
  }
  const payload: unknown = await answer.json().catch(() => undefined);
  const message = (payload as { message?: unknown } | undefined)?.message;
  if (answer.status >= 500) throw new ServerError(answer.status, typeof message === 'string' ? message : `Server error ${answer.status}`);
  if (!answer.ok) throw new ApiError(answer.status, typeof message === 'string' ? message : `Request failed (${answer.status})`);
  return schema.parse(payload);
}
