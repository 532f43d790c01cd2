/**
 * Concurrency on real PostgreSQL, where requests do interleave (PGlite runs one query at a time,
 * so it cannot show any of this): 50 parallel events on one version, 50 parallel repeats of one
 * idempotency key, and both again across two API processes sharing the database — how the
 * product scales past one machine. Each fails when the row lock is removed. Rate limits hold
 * across the processes too: they count in the same table. Money too: one release triggered
 * many times at once, across the processes, is paid out once.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isBalanced, moneyTotals } from '../../src/domain/ledger-rules';
import { providerWebhooks } from '../../server/db/provider-tables';
import { shipments } from '../../server/db/transport-tables';
import { signWebhook } from '../../server/providers/webhooks';
import pg from 'pg';
import { until } from '../support/api-caller';
import { apiFor, listeningApi } from '../support/api-harness';
import { environmentFor } from '../support/local-parts';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { RATE_LIMITS } from '../../server/api/guards/rate-limits';
import { dealBetween, saleByNewSeller, verifiedInquiry } from '../support/deals';
import { dealAtPayment, ledgerOf, stepsFor } from '../support/payments';
import { bothSign } from '../support/signing';

const parts = inject('parts');
const PARALLEL = 50;

let api: Awaited<ReturnType<typeof apiFor>>;
let processes: ApiProcess[] = [];

beforeAll(async () => {
  // Listening, so the sandboxes' webhooks reach it (the money race walks a sale through them); the processes send there too.
  api = await listeningApi(parts);
  const callback = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  const env = environmentFor(parts, { DATABASE_URL: api.databaseUrl!, PROVIDER_CALLBACK_URL: callback });
  processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
});
afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await api.close();
});

type Send = (bearer: string, path: string, body: object, index: number) => Promise<{ status: number; body: { replayed?: boolean } }>;

/** In-process, through Fastify's injection (one process, one connection pool). */
const inProcess: Send = async (bearer, path, body) => {
  const answer = await api.call('POST', path, bearer, body);
  return { status: answer.statusCode, body: answer.json() };
};

/** Over HTTP, alternating between the two API processes. */
const acrossProcesses: Send = async (bearer, path, body, index) => {
  const answer = await fetch(`${processes[index % processes.length]!.url}${path}`, {
    method: 'POST',
    headers: { authorization: bearer, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: await answer.json() };
};

async function race(send: Send, sameKey: boolean) {
  const { seller, sellerTx } = await dealBetween(api, parts.identity);
  // The seller's first action: their verification, which the provider answers at once (two events).
  const payload = { inquiryId: await verifiedInquiry(parts.sandbox.url, sellerTx, 'approved') };
  const before = (await api.call('GET', `/api/transactions/${sellerTx}`, seller.bearer)).json().version as number;
  const key = randomUUID();
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, (_, index) =>
      send(
        seller.bearer,
        `/api/transactions/${sellerTx}/events`,
        { event: 'identity submitted', payload, idempotencyKey: sameKey ? key : randomUUID(), expectedVersion: before },
        index,
      ),
    ),
  );
  const detail = (await api.call('GET', `/api/transactions/${sellerTx}`, seller.bearer)).json();
  return { answers, detail, before };
}

describe.each([
  ['in one process', inProcess],
  ['across two API processes', acrossProcesses],
] as const)('%s', (_label, send) => {
  it(`applies exactly one of ${PARALLEL} parallel events made on the same version; the others get 409`, async () => {
    const { answers, detail, before } = await race(send, false);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(PARALLEL - 1);
    expect(detail.version).toBe(before + 2);
    expect(detail.timeline.filter((entry: { event: string }) => entry.event === 'identity submitted')).toHaveLength(1);
  });

  it(`records one event for ${PARALLEL} parallel repeats of one idempotency key, and answers each the same`, async () => {
    const { answers, detail, before } = await race(send, true);
    expect(answers.map((answer) => answer.status)).toEqual(Array(PARALLEL).fill(200));
    expect(answers.filter((answer) => answer.body.replayed === false)).toHaveLength(1);
    expect(detail.version).toBe(before + 2);
    expect(detail.timeline.filter((entry: { event: string }) => entry.event === 'identity submitted')).toHaveLength(1);
  });
});

describe('rate limits across two API processes', () => {
  it('count in one place: the processes together let a shared link open as many negotiations as one would', async () => {
    const sale = await saleByNewSeller(api, parts.identity);
    const { max } = RATE_LIMITS.linkActionsPerLink;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const answer = await fetch(`${processes[i % processes.length]!.url}/api/public/offer-links/${sale.token}/actions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          action: 'counter',
          email: `v-${i}-${randomUUID()}@example.com`,
          amount: 19_000,
          latestOfferId: sale.offerId,
        }),
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(max).fill(200), 429]);
  });
});

describe('one release across two API processes', () => {
  it(
    `is paid out once when the vendor's "delivered" arrives ${PARALLEL} times at once: one journal, one transfer`,
    { timeout: 120_000 },
    async () => {
      const { act, detail } = stepsFor(api);
      const deal = await dealAtPayment(api, parts);
      const due = deal.breakdown.dueAtSigningCents as number;
      await act(deal.buyer, deal.buyerTx, 'bank linked', { accountId: deal.buyerAccount.id, authorizedCents: due });
      await expect.poll(async () => (await detail(deal.buyer, deal.buyerTx)).money.totals.collected, { timeout: 15_000 }).toBe(due);
      // Paid and signed: the car's hand-over is all the seller's second half waits for.
      await bothSign(api, parts.sandbox.url, deal);
      const dealId = deal.buyerList.active[0].dealId as string;
      const [shipment] = await api.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.dealId, dealId));
      const delivered = JSON.stringify({ type: 'order.delivered', timestamp: new Date().toISOString(), data: { reference: shipment!.id } });
      // Each a delivery of its own (its own webhook id), so none is refused as a replay: only the money rules stand between them.
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, async (_, index) => {
          const answer = await fetch(`${processes[index % processes.length]!.url}/api/webhooks/transport`, {
            method: 'POST',
            headers: signWebhook(parts.sandbox.webhookSecrets.transport, `msg_${randomUUID()}`, delivered),
            body: delivered,
          });
          return answer.status;
        }),
      );
      expect(answers).toEqual(Array(PARALLEL).fill(200));
      // The vendor's own "delivered" may have come first: either way the car was handed over once.
      const applied = await api.database.db
        .select()
        .from(providerWebhooks)
        .where(and(eq(providerWebhooks.type, 'order.delivered'), eq(providerWebhooks.outcome, 'applied')));
      expect(applied).toHaveLength(1);

      const { journals, transfers } = await ledgerOf(api, dealId);
      expect(journals.filter((journal) => journal.reason === 'seller payout 2')).toHaveLength(1);
      expect(transfers.filter((transfer) => transfer.key.startsWith('release:seller payout 2'))).toHaveLength(1);
      expect(journals.every(isBalanced)).toBe(true);
      const totals = moneyTotals(journals);
      expect(totals.held + totals.released + totals.refunded).toBe(totals.collected);
      expect(totals.collected).toBe(due);
    },
  );
});

describe("what a command checks under the deal's lock", () => {
  it('an action that waited on the lock while the other party cancelled is refused as cancelled, and nothing of it is recorded', async () => {
    // The cancellation's unit of work, before it commits, lets the buyer's action start and waits until it is queued on the deal's lock.
    let beforeCommit: (() => Promise<void>) | undefined;
    const held = await apiFor(parts, {}, undefined, { beforeCommit: async () => beforeCommit?.() });
    const watcher = new pg.Client({ connectionString: held.databaseUrl });
    await watcher.connect();
    try {
      const { buyer, seller, buyerTx, sellerTx } = await dealBetween(held, parts.identity);
      const before = (await held.call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json();
      const payload = { inquiryId: await verifiedInquiry(parts.sandbox.url, buyerTx, 'approved') };
      let action: ReturnType<typeof held.call> | undefined;
      const waitingOnLock = async () =>
        (
          await watcher.query(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0].n as number;
      beforeCommit = async () => {
        beforeCommit = undefined;
        action = held.call('POST', `/api/transactions/${buyerTx}/events`, buyer.bearer, {
          event: 'identity submitted',
          payload,
          idempotencyKey: randomUUID(),
          expectedVersion: before.version,
        });
        await until(waitingOnLock, 1, 10_000, "the buyer's action queued on the deal's lock");
      };
      const cancelled = await held.call('POST', `/api/transactions/${sellerTx}/cancel`, seller.bearer, { expectedFeeCents: 0 });
      expect(cancelled.statusCode).toBe(200);
      const answer = await action!;
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toBe('This sale was cancelled, so nothing more can be done in it.');
      const after = (await held.call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json();
      expect(after.timeline.map((entry: { event: string }) => entry.event)).not.toContain('identity submitted');
    } finally {
      await watcher.end();
      await held.close();
    }
  });
});

describe('a transaction read while it changes', () => {
  it('is one moment of it: a cancellation is either in its version, its timeline and its terms, or in none of them', async () => {
    const reads: Promise<{ statusCode: number; json(): Record<string, unknown> }>[] = [];
    for (let deal = 0; deal < 6; deal += 1) {
      const { buyer, seller, buyerTx, sellerTx } = await dealBetween(api, parts.identity);
      const read = () => api.call('GET', `/api/transactions/${buyerTx}`, buyer.bearer);
      // Reads go out before, while and after the seller's cancellation commits.
      for (let index = 0; index < 10; index += 1) reads.push(read());
      const cancelled = api.call('POST', `/api/transactions/${sellerTx}/cancel`, seller.bearer, { expectedFeeCents: 0 });
      for (let index = 0; index < 30; index += 1) reads.push(read());
      expect((await cancelled).statusCode).toBe(200);
      reads.push(read());
    }
    const answers = await Promise.all(reads);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      const detail = answer.json() as {
        version: number;
        cancellation: unknown;
        allowedEvents: string[];
        timeline: { version: number; event: string }[];
      };
      const inTimeline = detail.timeline.some((entry) => entry.event === 'sale cancelled');
      expect(detail.timeline.at(-1)?.version ?? 0).toBe(detail.version);
      expect(detail.cancellation !== null, `version ${detail.version}`).toBe(inTimeline);
      expect(detail.allowedEvents.length === 0).toBe(inTimeline);
    }
    expect(answers.filter((answer) => answer.json().cancellation !== null).length).toBeGreaterThan(0);
  });
});
