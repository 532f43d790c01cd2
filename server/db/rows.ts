/** The rows of a raw `execute`: node-postgres answers a result with `rows`, PGlite's drizzle driver the rows themselves. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
