/**
 * PostgreSQL stopped under load, as a restart or failover stops it: while it is gone the API
 * answers every request 503 with Retry-After, promptly (never a 500, never a hang), stays up, and
 * serves again by itself once it is back; a write refused meanwhile, sent again with its key, is
 * made once, and one made before is answered from its stored result. Its own cluster: stopping
 * the suite's shared one would fail every other file.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { environmentFor } from '../support/local-parts';
import { onDatabase, startPostgres, type RunningPostgres } from '../support/postgres';
import { SALE } from '../support/deals';
import { personFor } from '../support/tokens';

const parts = inject('parts');
/** The longest a request may take while the database is away: it must say 503 by then, not hang. */
const ANSWER_WITHIN_MS = 5_000;

let cluster: RunningPostgres;
let api: ApiProcess;

beforeAll(async () => {
  cluster = await startPostgres();
  await onDatabase(cluster.url('postgres'), ['create database caramel']);
  api = await startApiProcess(environmentFor(parts, { DATABASE_URL: cluster.url('caramel') }));
}, 90_000);
afterAll(async () => {
  await api?.stop();
  await cluster?.stop();
});

async function ask(path: string, bearer: string, body?: object) {
  const answer = await fetch(`${api.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: bearer, ...(body && { 'content-type': 'application/json' }) },
    body: body && JSON.stringify(body),
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: await answer.json() };
}

it('answers 503 with Retry-After while PostgreSQL is stopped, and serves again once it is back', async () => {
  const seller = await personFor(parts.identity, 'seller');
  const before = { ...SALE, idempotencyKey: randomUUID() };
  expect((await ask('/api/offers', seller.bearer, before)).status).toBe(201);

  // Requests keep coming while the database stops: each is answered, the ones after it stopped with 503.
  let loading = true;
  const load = Promise.all(
    Array.from({ length: 6 }, async (_, lane) => {
      const answers: { status: number; retryAfter: string | null }[] = [];
      while (loading) answers.push(await ask(lane % 2 ? '/api/offers' : '/api/notifications', seller.bearer));
      return answers;
    }),
  );
  cluster.pause();
  const during = { ...SALE, idempotencyKey: randomUUID() };
  const refused = await ask('/api/offers', seller.bearer, during);
  expect(refused).toMatchObject({ status: 503, retryAfter: '5' });
  expect(refused.body.message).toMatch(/try again in a few seconds/i);
  expect((await ask('/api/offers', seller.bearer)).status).toBe(503);
  const health = await fetch(`${api.url}/api/healthz`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) });
  expect(health.status).toBe(503);
  loading = false;
  const statuses = (await load).flat();
  expect(statuses.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
  expect(statuses.filter((answer) => answer.status === 503).every((answer) => answer.retryAfter === '5')).toBe(true);

  cluster.resume();
  // The pool opens new connections by itself: no restart of the API.
  await expect.poll(async () => (await ask('/api/offers', seller.bearer)).status, { timeout: 20_000, interval: 250 }).toBe(200);
  expect((await ask('/api/offers', seller.bearer, during)).status).toBe(201);
  expect(await ask('/api/offers', seller.bearer, before)).toMatchObject({ status: 200, body: { replayed: true } });
  const sent = (await ask('/api/offers', seller.bearer)).body.sent as unknown[];
  expect(sent).toHaveLength(2);
});
