/**
 * Rate limits (DESIGN §12) on the routes that send mail, create links or take anonymous input,
 * per client address (as TRUSTED_PROXIES lets the API see it), per shared link, per signed-in
 * user and per partner key. @fastify/rate-limit does the counting against a store in the database (`rate_limits`,
 * one atomic upsert per hit), so several API processes share the counts with no server added.
 * A spent limit answers 429 with Retry-After and says when to try again.
 */
import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema';

type Per = 'client' | 'link' | 'user' | 'partner';

export const RATE_LIMITS = {
  /** A visitor answering through shared links: each new e-mail opens a negotiation and mails the seller. */
  linkActionsPerClient: { per: 'client', max: 60, windowSeconds: 600 },
  /** One shared link, whoever answers it: the seller is mailed at most this often through it. */
  linkActionsPerLink: { per: 'link', max: 20, windowSeconds: 3600 },
  /** Reading what a shared link shows. */
  linkViewsPerClient: { per: 'client', max: 120, windowSeconds: 60 },
  /** Starting offers: each can mail any address (counterpartyEmail) and creates a link. */
  offersPerUser: { per: 'user', max: 20, windowSeconds: 3600 },
  /** Counter, accept, decline, withdraw: each mails the other side. */
  offerActionsPerUser: { per: 'user', max: 60, windowSeconds: 3600 },
  /** New share links for a negotiation. */
  linksPerUser: { per: 'user', max: 20, windowSeconds: 3600 },
  /** A dealer's sales: each makes a deal and may send a credit application to the lender. */
  dealerSalesPerUser: { per: 'user', max: 30, windowSeconds: 3600 },
  /** Applications to the dealer programme: each tells every admin (one waits at a time; a declined one may be sent again). */
  dealerApplicationsPerUser: { per: 'user', max: 10, windowSeconds: 3600 },
  /** Messages in deal threads: a conversation, not a flood (an offline queue of a day's messages still fits). */
  messagesPerUser: { per: 'user', max: 120, windowSeconds: 600 },
  /** Reports of messages: each tells every admin. */
  messageReportsPerUser: { per: 'user', max: 10, windowSeconds: 3600 },
  /** A listing site's deals: each mails both parties. Counted per partner key, after the key is checked. */
  partnerDealsPerKey: { per: 'partner', max: 120, windowSeconds: 3600 },
} as const satisfies Record<string, { per: Per; max: number; windowSeconds: number }>;
export type RateLimit = keyof typeof RATE_LIMITS;

const KEYS: Record<Per, (request: FastifyRequest) => string> = {
  client: (request) => request.ip,
  // A link is counted by a hash of its token, so the table holds nothing that opens an offer.
  link: (request) =>
    createHash('sha256')
      .update(String((request.params as { token?: string }).token))
      .digest('hex'),
  user: (request) => request.caller!.sub,
  partner: (request) => request.partnerKey!.id,
};

function waitText(seconds: number): string {
  const [count, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export class TooManyRequests extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests. Try again in ${waitText(retryAfterSeconds)}.`);
  }
}

/** One hit on `key`: a new window when the last one ran out; answers the hits in the window and the milliseconds left. */
async function hit(db: Database, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const spent = sql`${rateLimits.resetsAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetsAt: sql`now() + ${windowMs}::integer * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${spent} then 1 else ${rateLimits.hits} + 1 end`,
        resetsAt: sql`case when ${spent} then excluded.resets_at else ${rateLimits.resetsAt} end`,
      },
    })
    .returning({ current: rateLimits.hits, ttl: sql<number>`ceil(extract(epoch from ${rateLimits.resetsAt} - now()) * 1000)::integer` });
  return row!;
}

/** @fastify/rate-limit's store interface, over the database. */
function databaseStore(db: Database) {
  return class DatabaseStore {
    incr(key: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, windowMs: number) {
      hit(db, key, windowMs).then((result) => done(null, result), done);
    }
    child() {
      return this;
    }
  };
}

export async function rateLimiting(app: FastifyInstance, db: Database) {
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(db) });
}

/** Deletes counters whose window ran out; answers how many. */
export async function removeSpentRateLimits(db: Database): Promise<number> {
  return (
    await db
      .delete(rateLimits)
      .where(lt(rateLimits.resetsAt, sql`now()`))
      .returning({ key: rateLimits.key })
  ).length;
}

/** A preHandler that counts the request against each of `limits` (after authentication for per-user ones). */
export function limitedBy(app: FastifyInstance, ...limits: RateLimit[]): preHandlerAsyncHookHandler {
  const checks = limits.map((name) => {
    const { per, max, windowSeconds } = RATE_LIMITS[name];
    return app.createRateLimit({ max, timeWindow: windowSeconds * 1000, keyGenerator: (request) => `${name}:${KEYS[per](request)}` });
  });
  return async (request) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw new TooManyRequests(Math.max(1, result.ttlInSeconds));
    }
  };
}
