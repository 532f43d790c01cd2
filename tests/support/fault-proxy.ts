/**
 * A fault-injecting HTTP proxy in front of the storage server, for the uploader's fault tests:
 * the API signs URLs for it (STORAGE_PUBLIC_ENDPOINT) and it forwards everything unchanged,
 * Host header included, so signatures still hold. Tests add rules and read what went through at
 * `/__faults` (bucket names cannot start with `_`, so nothing real lives there):
 *   POST /__faults {match: {keyIncludes, method?, partNumber?}, action, times}
 *   GET  /__faults/log?keyIncludes=…  → every matching request with its part number, bytes and answer.
 *   POST /__faults/link {bytesPerSecond, latencyMs, connectionBytesPerSecond?, keyIncludes?} → every
 *        request after it (or only those whose key holds keyIncludes) goes over a shaped link:
 *        request bodies share that bandwidth and each request waits one round trip (`{}` puts the
 *        link back to full speed). Two models:
 *        - shared (no connectionBytesPerSecond): one bottleneck for all connections, as on a slow
 *          access line; parallel requests only split it.
 *        - per-connection: each connection is also capped on its own, as on a long-haul link
 *          where one TCP connection's rate is bounded by its window over the round trip; there
 *          parallel connections add up until the shared bandwidth is reached.
 * A rule with `forMs` holds every matching request for that long instead of a number of them.
 * Actions: `status` (answer with a status, an S3 error body and optionally Retry-After), `cut` (drop the connection after
 * some request bytes), `delay` (hold the request), `strip-etag` (hide the ETag header),
 * `lose-answer` (storage does the request, the client never hears back).
 * Run on its own: `tsx tests/support/fault-proxy.ts <port> <storage endpoint>`.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Transform } from 'node:stream';
import { pathToFileURL } from 'node:url';

export type FaultAction =
  | { type: 'status'; status: number; code?: string; message?: string; retryAfterSeconds?: number }
  | { type: 'cut'; afterBytes: number }
  | { type: 'delay'; ms: number }
  | { type: 'strip-etag' }
  | { type: 'lose-answer' };

export interface FaultRule {
  match: { keyIncludes: string; method?: string; partNumber?: number };
  action: FaultAction;
  /** How many matching requests it affects (then it is spent); default 1. */
  times?: number;
  /** Instead: every matching request for this long after the rule is added (an outage), however many. */
  forMs?: number;
}

export interface Link {
  /** What all connections share. */
  bytesPerSecond: number;
  /** Held once per request (the round trip before its body moves). */
  latencyMs: number;
  /** The per-connection model: each connection's own cap. */
  connectionBytesPerSecond?: number;
  /** Shape only requests whose key holds this (every request when absent). */
  keyIncludes?: string;
}

interface LogEntry {
  method: string;
  path: string;
  partNumber: number | null;
  uploadId: string | null;
  bytes: number;
  status: number | null;
  fault: string | null;
  at: number;
  /** When a `cut` dropped the connection. */
  cutAt: number | null;
}

export async function startFaultProxy(target: string, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const rules: (FaultRule & { left: number; until: number })[] = [];
  const log: LogEntry[] = [];
  let link: Link | undefined;
  let linkFreeAt = 0;
  const connectionFreeAt = new WeakMap<Socket, number>();

  /**
   * How long `bytes` on `connection` wait: they go out after everything sent before them on the
   * shared link and, in the per-connection model, on their own connection.
   */
  function linkWait(connection: Socket, bytes: number): number {
    if (!link) return 0;
    const now = Date.now();
    linkFreeAt = Math.max(now, linkFreeAt) + (bytes * 1000) / link.bytesPerSecond;
    if (!link.connectionBytesPerSecond) return linkFreeAt - now;
    const own = Math.max(now, connectionFreeAt.get(connection) ?? 0) + (bytes * 1000) / link.connectionBytesPerSecond;
    connectionFreeAt.set(connection, own);
    return Math.max(linkFreeAt, own) - now;
  }

  function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (url.pathname === '/__faults/link') {
          const shape = JSON.parse(body) as Partial<Link>;
          link = shape.bytesPerSecond
            ? {
                bytesPerSecond: shape.bytesPerSecond,
                latencyMs: shape.latencyMs ?? 0,
                connectionBytesPerSecond: shape.connectionBytesPerSecond,
                keyIncludes: shape.keyIncludes,
              }
            : undefined;
        } else {
          const rule = JSON.parse(body) as FaultRule;
          rules.push({ ...rule, left: rule.forMs ? Infinity : (rule.times ?? 1), until: rule.forMs ? Date.now() + rule.forMs : Infinity });
        }
        res.writeHead(201).end();
      });
      return;
    }
    const keyIncludes = url.searchParams.get('keyIncludes') ?? '';
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(log.filter((entry) => entry.path.includes(keyIncludes))));
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    if (url.pathname.startsWith('/__faults')) return control(req, res, url);
    const partNumber = url.searchParams.has('partNumber') ? Number(url.searchParams.get('partNumber')) : null;
    const rule = rules.find(
      (candidate) =>
        candidate.left > 0 &&
        Date.now() < candidate.until &&
        decodeURIComponent(url.pathname).includes(candidate.match.keyIncludes) &&
        (!candidate.match.method || candidate.match.method === req.method) &&
        (candidate.match.partNumber === undefined || candidate.match.partNumber === partNumber),
    );
    if (rule) rule.left -= 1;
    const entry: LogEntry = {
      method: req.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      partNumber,
      uploadId: url.searchParams.get('uploadId'),
      bytes: 0,
      status: null,
      fault: rule?.action.type ?? null,
      at: Date.now(),
      cutAt: null,
    };
    log.push(entry);
    const action = req.method === 'OPTIONS' ? undefined : rule?.action;
    const shaping = link && (!link.keyIncludes || entry.path.includes(link.keyIncludes)) ? link : undefined;
    // Counting starts the body flowing, so it is attached only when the body is wanted.
    const count = () =>
      req.on('data', (chunk: Buffer) => {
        entry.bytes += chunk.length;
        if (action?.type === 'cut' && entry.bytes >= action.afterBytes && !entry.cutAt) {
          entry.cutAt = Date.now();
          req.socket.destroy();
        }
      });

    if (action?.type === 'status') {
      count();
      req.on('end', () => {
        entry.status = action.status;
        const code = action.code ?? (action.status === 429 ? 'SlowDown' : 'InternalError');
        res
          .writeHead(action.status, {
            'content-type': 'application/xml',
            'access-control-allow-origin': req.headers.origin ?? '*',
            'access-control-expose-headers': 'ETag, Retry-After',
            ...(action.retryAfterSeconds !== undefined && { 'retry-after': String(action.retryAfterSeconds) }),
          })
          .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${action.message ?? code}</Message></Error>`);
      });
      return;
    }
    if (action?.type === 'cut') {
      count();
      return;
    }

    const send = () => {
      // A client that gave up while the request was held: nothing reaches storage, as on a real network.
      if (req.socket.destroyed) return;
      const out = forward(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          entry.status = answer.statusCode ?? null;
          if (action?.type === 'lose-answer') return void req.socket.destroy();
          const headers = { ...answer.headers };
          if (action?.type === 'strip-etag') delete headers.etag;
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.on('aborted', () => out.destroy());
      count();
      if (!shaping) return void req.pipe(out);
      // Each chunk goes on once the link has carried it; the held callback pushes back on the browser.
      const shaped = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          setTimeout(() => done(null, chunk), linkWait(req.socket, chunk.length));
        },
      });
      req.pipe(shaped).pipe(out);
    };
    const held = (action?.type === 'delay' ? action.ms : 0) + (shaping?.latencyMs ?? 0);
    if (held > 0) setTimeout(send, held);
    else send();
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [port, target] = process.argv.slice(2);
  const proxy = await startFaultProxy(target!, Number(port));
  console.log(`Fault proxy ${proxy.url} → ${target}`);
}
