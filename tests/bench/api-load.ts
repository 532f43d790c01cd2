/**
 * One load run of `bench:api`: `connections` keep-alive connections for `seconds`, each sending
 * its own request (connection i is one person, so each carries that person's token; a write also
 * carries a fresh idempotency key every time) — flat out with autocannon, or paced evenly.
 */
import { Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';

/** What connection `index` sends; `setupRequest` and `onResponse` make it differ request by request. */
export type ConnectionRequest = autocannon.Request;

export interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, connection errors and timeouts. */
  errors: number;
  /** What the errors were: status codes and `connection` / `timeout`. */
  errorKinds: Record<string, number>;
}

/** Each connection sends again as soon as it is answered; `perConnectionRate` runs pacedLoad instead. */
export async function load(
  url: string,
  connections: number,
  seconds: number,
  requestFor: (index: number) => ConnectionRequest,
  perConnectionRate?: number,
): Promise<Figures> {
  if (perConnectionRate) return pacedLoad(url, connections, seconds, requestFor, perConnectionRate);
  let next = 0;
  const errorKinds: Record<string, number> = {};
  let finished: (error: Error | null, result: autocannon.Result) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = (error, result) => (error ? reject(error) : resolve(result));
  });
  const instance = autocannon(
    {
      url,
      connections,
      duration: seconds,
      // Replaced per connection in setupClient; autocannon wants one to start from.
      requests: [{ method: 'GET', path: '/api/healthz' }],
      setupClient(client) {
        client.setRequests([requestFor(next++)]);
      },
    },
    (error, result) => finished(error, result),
  );
  instance.on('response', (_client, status) => {
    if (status >= 300) errorKinds[status] = (errorKinds[status] ?? 0) + 1;
  });
  instance.on('reqError', () => (errorKinds.connection = (errorKinds.connection ?? 0) + 1));
  const result = await done;
  if (result.timeouts) errorKinds.timeout = result.timeouts;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    errorKinds,
  } satisfies Figures;
}

/** The `fraction` percentile of sorted `values` (nearest rank). */
const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;

/**
 * `rate` requests a second on each of `connections` keep-alive connections, spread evenly: the
 * connections start one after another across the first period, so the load is a steady stream,
 * not every connection firing in the same instant each second (autocannon's pacing does that).
 * Open loop: a request is sent when its time comes, whether or not the last one was answered, and
 * its latency counts from that time, so a slow answer also delays what queued behind it rather
 * than hiding it. Percentiles are computed from every response time.
 */
export async function pacedLoad(
  url: string,
  connections: number,
  seconds: number,
  requestFor: (index: number) => ConnectionRequest,
  rate: number,
): Promise<Figures> {
  const period = 1000 / rate;
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  const failed = (kind: string) => (errorKinds[kind] = (errorKinds[kind] ?? 0) + 1);
  const started = performance.now();
  const end = started + seconds * 1000;
  const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
  await Promise.all(
    Array.from({ length: connections }, async (_, index) => {
      const request = requestFor(index);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const sent: Promise<void>[] = [];
      for (let due = started + (index * period) / connections; due < end; due += period) {
        await sleepUntil(due);
        const scheduled = due;
        sent.push(
          send(url, request, agent).then(
            (status) => {
              latencies.push(performance.now() - scheduled);
              if (status >= 300) failed(String(status));
            },
            () => void failed('connection'),
          ),
        );
      }
      await Promise.all(sent);
      agent.destroy();
    }),
  );
  latencies.sort((a, b) => a - b);
  const errors = Object.values(errorKinds).reduce((sum, count) => sum + count, 0);
  return {
    requestsPerSecond: latencies.length / ((performance.now() - started) / 1000),
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    errors,
    errorKinds,
  };
}

/** One request on `agent`'s connection; answers the status once the whole answer is read. */
function send(base: string, request: ConnectionRequest, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(new URL(request.path ?? '/', base), { method: request.method, headers: request.headers, agent }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(request.body);
  });
}
