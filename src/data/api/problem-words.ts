/**
 * What a person reads when something did not load or was not kept: a sentence about what to do, never
 * a library's message (DESIGN.md §11). Our own refusals are sentences already and are said as they are;
 * the API's answers give their reason; a lost connection, a server in trouble and the device's own
 * storage failing (full, or a private window) each say what to do next.
 */
import { ApiError, NetworkError, ServerError } from './api-client';

/** `lead` says what was not kept ("Your message was not saved"); the rest says why, and what to do. */
export function notSavedText(lead: string, error: unknown): string {
  if (error instanceof NetworkError)
    return `${lead}: you are offline, or our servers cannot be reached. Try again once you are back online.`;
  if (error instanceof ServerError) return `${lead}: our servers had a problem. Try again in a minute.`;
  if (error instanceof ApiError) return `${lead}: ${error.reason}`;
  // Thrown by our own code (a plain Error): a sentence written for the person.
  if (error instanceof Error && error.name === 'Error') return `${lead}: ${error.message}`;
  return `${lead}: this device could not keep it (its storage may be full, or this is a private window). Free some space or reload the page, then try again.`;
}

/** A problem loading an answer, as a sentence about what to do: the API's own words for a refusal, never a library's message. */
export function problemText(problem: Error, what: string): string {
  if (problem instanceof NetworkError)
    return `You are offline, or our servers cannot be reached: ${what} load by themselves once the connection is back.`;
  if ('reason' in problem && typeof problem.reason === 'string') return problem.reason;
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded just now; we try again by ourselves.`;
}
