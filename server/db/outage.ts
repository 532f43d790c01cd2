/**
 * Whether an error means the database is away (stopped, restarting, unreachable, out of
 * connections) rather than that a query was wrong: the API then answers 503 with Retry-After and
 * the caller tries again, instead of a 500 that reads as a fault in what they sent.
 */

/** How long a caller waits before asking again while the database is away (seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node's socket errors when no server listens or the line drops. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** node-postgres says these in words, not codes: the server closed the line, or no connection came in time. */
const LOST_LINE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

function isAway(code: unknown, message: unknown): boolean {
  if (typeof code === 'string') {
    // SQLSTATE class 08 (connection exception), 57P01–57P03 (shutting down, crashed, starting up), 53300 (too many connections).
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code) || SOCKET_CODES.has(code)) return true;
  }
  return typeof message === 'string' && LOST_LINE.test(message);
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (isAway(code, message)) return true;
  // An AggregateError (a connection tried on several addresses) holds each attempt's error.
  if (Array.isArray(errors) && errors.some((each) => isDatabaseUnavailable(each, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
