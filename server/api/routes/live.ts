/**
 * `GET /api/live`: the signed-in user's change notices as Server-Sent Events (live-stream.ts,
 * DESIGN.md §11). The app opens it with fetch so the ID token travels in the Authorization
 * header as on every other call, never in a URL. The answer is written straight to the socket:
 * compression and the usual reply pipeline would hold the events back.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { CommandContext } from '../../commands/context';
import type { LiveHub } from '../live/live-hub';
import { serveStream } from '../live/live-stream';
import { accountOf } from '../../commands/account';
import type { Authenticate } from '../guards/auth';
import { parseInput } from '../../kernel/validation';

const streamHeaders = z.object({
  'last-event-id': z.optional(z.string().check(z.regex(/^\d{1,15}$/, 'Last-Event-ID must be the id of an event this stream sent'))),
});

export function liveRoutes(app: FastifyInstance, deps: { ctx: CommandContext; authenticate: Authenticate; hub: LiveHub }) {
  app.get('/api/live', { preHandler: deps.authenticate }, async (request, reply) => {
    const headers = parseInput(streamHeaders, { 'last-event-id': request.headers['last-event-id'] });
    const user = await accountOf(deps.ctx, request.caller!);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    raw.socket?.setNoDelay(true);
    const end = serveStream({
      db: deps.ctx.db,
      hub: deps.hub,
      userId: user.id,
      after: headers['last-event-id'] === undefined ? undefined : Number(headers['last-event-id']),
      expiresAt: request.caller!.expiresAt,
      sink: { write: (text) => raw.write(text), buffered: () => raw.writableLength, end: () => raw.end() },
    });
    raw.once('close', end);
  });
}
