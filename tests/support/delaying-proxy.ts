/**
 * A forward proxy that makes every request a browser sends over the network wait one round trip (issue 56: a
 * connection that is up but slow). Chromium is pointed at it with `--proxy-server` (and `--proxy-bypass-list=<-loopback>`,
 * or it would bypass the proxy for 127.0.0.1); what the service worker answers from its caches never reaches it, so it
 * pays nothing, as on a real phone. Plain HTTP requests wait `roundTripMs` before they go on; a tunnel (CONNECT, for
 * the hosted sign-in's HTTPS) waits once before it opens. `roundTripMs` can change between measurements.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface DelayingProxy {
  /** `http://127.0.0.1:<port>`, for `--proxy-server`. */
  url: string;
  /** How long each request now waits before it goes on. */
  roundTripMs: number;
  close(): Promise<void>;
}

export async function startDelayingProxy(roundTripMs = 0): Promise<DelayingProxy> {
  const sockets = new Set<Socket>();
  const state = { roundTripMs };
  const held = (then: () => void) => (state.roundTripMs > 0 ? setTimeout(then, state.roundTripMs) : then());

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const target = new URL(request.url ?? '/');
    held(() => {
      const upstream = forward(
        {
          host: target.hostname,
          port: target.port || 80,
          path: target.pathname + target.search,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    });
  });
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    const [host, port] = (request.url ?? '').split(':');
    held(() => {
      const upstream = connect(Number(port), host!, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    get roundTripMs() {
      return state.roundTripMs;
    },
    set roundTripMs(ms: number) {
      state.roundTripMs = ms;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The Chromium flags that send every request, loopback included, through `proxy`. */
export const proxyArgs = (proxy: DelayingProxy) => [`--proxy-server=${proxy.url}`, '--proxy-bypass-list=<-loopback>'];
