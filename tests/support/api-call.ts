/** One request to an in-process API as a client sends it (Fastify's inject), for tests of any runner. */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** A client address of its own for each call, unless the test names one (per-client rate limits). */
const someClient = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Calls with an optional bearer header and a JSON body, from `from` (an IP). */
export function callerOf(app: FastifyInstance) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, authorization?: string, body?: unknown, from = someClient()) =>
    app.inject({
      method,
      url,
      remoteAddress: from,
      headers: authorization ? { authorization } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
}
