/**
 * Boundary validation: untrusted input parsed with zod, a 400 naming the first problem otherwise.
 * Before any schema, every string (and key) is checked for what no field may hold: control
 * characters (NUL among them, which PostgreSQL refuses to store) and unpaired UTF-16 surrogates.
 * Tabs and line breaks are text.
 */
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

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string in `value` that holds an unstorable character, or undefined. */
function unstorableAt(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return path;
    const found = unstorableAt(child, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const unstorable = unstorableAt(input);
  if (unstorable)
    throw new BadRequest(`${unstorable.join('.') || 'body'}: remove control characters (such as NUL) and broken Unicode from this text`);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const field = issue?.path.length ? issue.path.join('.') : undefined;
  throw new BadRequest(`${field ? `${field}: ` : ''}${issue?.message ?? 'Invalid request'}`, field);
}
