/**
 * What the scripted parts of a test need from the API, whether the server runs in the test
 * (Fastify's inject) or behind a port (Chromium tests): a call and its answer, and checks that do
 * not depend on the test runner, so the same setup drives both.
 */
export interface Answer {
  statusCode: number;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test reads what it asserts on
}

export interface ApiCaller {
  call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, authorization?: string, body?: unknown): Promise<Answer>;
}

/** Calls the API at `origin` over HTTP. */
export function httpApi(origin: string): ApiCaller {
  return {
    async call(method, url, authorization, body) {
      const answer = await fetch(new URL(url, origin), {
        method,
        headers: { ...(authorization ? { authorization } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      return { statusCode: answer.status, body: text, json: () => JSON.parse(text) };
    },
  };
}

/** Throws `what` unless `ok`: a failed step of a test's setup, said in its words. */
export function must(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(what);
}

/** Reads until `read` answers `wanted`, or throws after `timeoutMs` with the last answer. */
export async function until<T>(read: () => Promise<T>, wanted: T, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  do {
    last = await read();
    if (last === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  } while (Date.now() < deadline);
  throw new Error(`${what}: still ${String(last)} after ${timeoutMs} ms, waiting for ${String(wanted)}`);
}
