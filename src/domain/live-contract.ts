/**
 * Live progress (DESIGN.md §11): what the API streams to a signed-in user's open tabs. A notice
 * says only that something of theirs changed — its kind, its id and the version it reached —
 * never what changed or about whom, so the stream carries no personal data; the app fetches the
 * record itself through the ordinary, authorised routes.
 */
import * as z from 'zod/mini';

/**
 * - transaction: the user's own side of a deal moved (version: the transaction's version)
 * - deal: either side of one of their deals moved (version: both sides' versions added up)
 * - negotiation: an offer of theirs changed (version: the offer's, raised with each change)
 * - notification: something was written for them to read (version 1)
 * - thread: a deal's thread has a new message or receipt (version: the thread's, raised with each)
 */
export const CHANGE_KINDS = ['transaction', 'deal', 'negotiation', 'notification', 'thread'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const changeNoticeSchema = z.object({ kind: z.enum(CHANGE_KINDS), id: z.string(), version: z.number() });
export type ChangeNotice = z.infer<typeof changeNoticeSchema>;

/**
 * SSE event names: `change` carries a notice; `ready` opens the stream (its id is where the user's
 * feed stands); `reset` says the missed notices cannot be replayed (the tab refreshes everything).
 */
export const LIVE_EVENTS = { change: 'change', ready: 'ready', reset: 'reset' } as const;

/** The path of the stream under the API base. */
export const LIVE_PATH = 'live';
