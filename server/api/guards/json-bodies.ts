/**
 * JSON bodies bounded at the parser, for every route: Fastify's own parser (its size limit, and
 * `__proto__`/`constructor` keys refused) after a check that objects and arrays nest no deeper than
 * MAX_JSON_DEPTH. A deeper body parses, but walking it (validation, hashing an idempotent request,
 * logging) overflows the stack: it is refused up front with 400 instead of failing later with 500.
 */
import type { FastifyInstance } from 'fastify';

/** Far deeper than any body the API takes (its deepest, a dealer's sale, nests 3 levels). */
export const MAX_JSON_DEPTH = 32;

/** How deep `text`'s objects and arrays nest, counting only brackets outside strings; stops once past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return deepest;
}

export class TooDeep extends Error {
  readonly statusCode = 400;
  constructor() {
    super(`The request body nests objects and arrays too deeply: at most ${MAX_JSON_DEPTH} levels.`);
  }
}

export function boundedJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string) > MAX_JSON_DEPTH) return done(new TooDeep(), undefined);
    parse(request, body as string, done);
  });
}
