/** Boundary validation: untrusted input parsed with zod, a 400 naming the first problem otherwise. */
import type * as z from 'zod/mini';

export class BadRequest extends Error {
  readonly statusCode = 400;
}

export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new BadRequest(`${where}${issue?.message ?? 'Invalid request'}`);
}
