/** Boundary validation: untrusted input parsed with zod, a 400 naming the first problem otherwise. */
import type * as z from 'zod/mini';

/** A 400: `message` names the field for API callers ("housing: Choose …"); `field` lets an app show the reason alone. */
export class BadRequest extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  throw new BadRequest(`${field ? `${field}: ` : ''}${issue?.message ?? 'Invalid request'}`, field);
}
