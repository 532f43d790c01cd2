/**
 * One load run of `bench:api` with autocannon: `connections` keep-alive connections for
 * `seconds`, each sending its own request again and again (connection i is one person, so each
 * carries that person's token; a write also carries a fresh idempotency key every time).
 */
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

/** `perConnectionRate` paces each connection to that many requests a second; without it each sends again as soon as answered. */
export async function load(
  url: string,
  connections: number,
  seconds: number,
  requestFor: (index: number) => ConnectionRequest,
  perConnectionRate?: number,
) {
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
      ...(perConnectionRate ? { connectionRate: perConnectionRate } : {}),
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
