/**
 * Live progress across API processes (DESIGN.md §11): two processes of the production entry on one
 * PostgreSQL, as behind a load balancer. A change made through one reaches a stream held by the
 * other: each reads the feed when a process rings after its commit (NOTIFY), and every second in case a ring
 * was lost; each process keeps no state of its own about it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiFor } from '../support/api-harness';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { dealBetween, verifiedInquiry } from '../support/deals';
import { environmentFor } from '../support/local-parts';
import { noticeOf, openLiveStream } from '../support/live-stream';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;
let one: ApiProcess;
let other: ApiProcess;

beforeAll(async () => {
  api = await apiFor(parts);
  const env = environmentFor(parts, { DATABASE_URL: api.databaseUrl! });
  [one, other] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
});
afterAll(async () => {
  await Promise.all([one, other].map((process) => process?.stop()));
  await api.close();
});

const post = (base: string, bearer: string, path: string, body: object) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: bearer, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('two API processes on one PostgreSQL', () => {
  it('a buyer’s step made through one process reaches the seller’s stream held by the other', async () => {
    const { seller, buyer, buyerTx } = await dealBetween(api, parts.identity);
    const stream = await openLiveStream(other.url, seller.bearer);
    try {
      await stream.next((event) => event.event === 'ready');
      const detail = (await api.call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json();
      const before = (await api.call('GET', `/api/deals/${detail.dealId}`, buyer.bearer)).json().version as number;
      const answer = await post(one.url, buyer.bearer, `/api/transactions/${buyerTx}/events`, {
        event: 'identity submitted',
        payload: { inquiryId: await verifiedInquiry(parts.sandbox.url, buyerTx, 'approved') },
        idempotencyKey: randomUUID(),
        expectedVersion: detail.version,
      });
      expect(answer.status).toBe(200);
      const notice = await stream.next((event) => event.event === 'change' && noticeOf(event).kind === 'deal');
      expect(noticeOf(notice)).toEqual({ kind: 'deal', id: detail.dealId, version: before + 2 });
    } finally {
      stream.close();
    }
  });

  it('an offer answered through one process reaches the other side’s stream on the other', async () => {
    const { seller, buyer } = await dealBetween(api, parts.identity);
    const sale = await (
      await post(one.url, seller.bearer, '/api/offers', {
        vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 },
        amount: 18_000,
        role: 'seller',
        counterpartyEmail: buyer.email,
      })
    ).json();
    await post(one.url, buyer.bearer, '/api/offers/link-account', {});
    const stream = await openLiveStream(other.url, seller.bearer);
    try {
      await stream.next((event) => event.event === 'ready');
      await post(one.url, buyer.bearer, `/api/offers/${sale.id}/actions`, {
        action: 'decline',
        latestOfferId: sale.latestOffer.id,
        idempotencyKey: randomUUID(),
      });
      const notice = await stream.next((event) => event.event === 'change' && noticeOf(event).id === sale.id);
      expect(noticeOf(notice).kind).toBe('negotiation');
    } finally {
      stream.close();
    }
  });
});

describe('the live hub reads the feed, the doorbell only says when', () => {
  it('a notice whose process never rang (it stopped right after its commit) still reaches the stream', async () => {
    const { seller, negotiationId } = await dealBetween(api, parts.identity);
    const stream = await openLiveStream(other.url, seller.bearer);
    try {
      await stream.next((event) => event.event === 'ready');
      const { uid } = (await api.call('GET', '/api/users/profile', seller.bearer)).json();
      // Written and committed as a command writes it, and no NOTIFY after it.
      await api.database.db.execute(
        sql`insert into live_changes (user_id, kind, entity_id, version) values (${uid}, 'negotiation', ${negotiationId}, 99)`,
      );
      const notice = await stream.next((event) => event.event === 'change' && noticeOf(event).version === 99);
      expect(noticeOf(notice)).toEqual({ kind: 'negotiation', id: negotiationId, version: 99 });
    } finally {
      stream.close();
    }
  });
});
